import type { EntityManager } from '@mikro-orm/postgresql';
import { lineDiscounts } from './discount-application';
import type { EmulatorStore, StripeObject } from './emulator-store';

interface Line {
  amount: number;
  pricing?: { price_details?: { product?: string } } | null;
  parent?: { subscription_item_details?: { proration?: boolean } | null } | null;
}

const discountIdOf = (subscription: StripeObject) => ((subscription.discounts ?? []) as unknown[]).find((one): one is string => typeof one === 'string');

/**
 * A subscription's discount left behind at a new period, as Stripe removes it: a `once` coupon
 * after the invoice it discounted, a `repeating` one once its months have passed. The
 * subscription is given back without it (unchanged when it has none, or it still applies).
 */
export async function withoutEndedDiscount(store: EmulatorStore, subscription: StripeObject, periodStart: number, em: EntityManager): Promise<StripeObject> {
  const id = discountIdOf(subscription);
  if (!id) return subscription;
  const discount = await store.get(id, 'discount', em);
  const coupon = discount ? await store.get((discount.source as { coupon: string }).coupon, 'coupon', em) : undefined;
  const ended =
    !discount || (coupon?.duration === 'once' && discount.used_emulator === true) || (typeof discount.end === 'number' && periodStart >= discount.end);
  return ended ? { ...subscription, discounts: ((subscription.discounts ?? []) as unknown[]).filter((one) => one !== id) } : subscription;
}

/**
 * A subscription invoice with the subscription's discount taken off, as Stripe shows it: each
 * line's discount_amounts and pretax_credit_amounts, the invoice's discounts, total_discount_amounts
 * and total_pretax_credit_amounts, and totals after the discount (tax is then reckoned on them).
 * Prorations are not discounted (Stripe's lines say `discountable: false`).
 */
export async function discountedInvoice(store: EmulatorStore, invoice: StripeObject, subscription: StripeObject, em: EntityManager): Promise<StripeObject> {
  const id = discountIdOf(subscription);
  const discount = id ? await store.get(id, 'discount', em) : undefined;
  const coupon = discount ? await store.get((discount.source as { coupon: string }).coupon, 'coupon', em) : undefined;
  if (!discount || !coupon) return invoice;
  const list = invoice.lines as { data: Line[] };
  const discountable = (line: Line) => line.parent?.subscription_item_details?.proration !== true;
  const shares = lineDiscounts(
    coupon,
    list.data.map((line) => ({ product: String(line.pricing?.price_details?.product ?? ''), amount: discountable(line) ? line.amount : 0 })),
  );
  const off = shares.reduce((sum, share) => sum + share, 0);
  if (off > 0 && discount.used_emulator !== true) await store.put({ ...discount, used_emulator: true }, em);
  const credit = (amount: number) => (amount > 0 ? [{ amount, discount: discount.id, type: 'discount' }] : []);
  const total = (invoice.total_excluding_tax as number) - off;
  return {
    ...invoice,
    discounts: [discount.id],
    lines: {
      ...list,
      data: list.data.map((line, index) => ({
        ...line,
        discountable: discountable(line),
        discount_amounts: [{ amount: shares[index]!, discount: discount.id }],
        pretax_credit_amounts: credit(shares[index]!),
      })),
    },
    total_discount_amounts: [{ amount: off, discount: discount.id }],
    total_pretax_credit_amounts: credit(off),
    total_excluding_tax: total,
    total,
    amount_due: total,
    amount_remaining: total,
  };
}
