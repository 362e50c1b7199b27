import type { EntityManager } from '@mikro-orm/postgresql';
import { lineDiscounts, sessionDiscount } from './discount-application';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import { sessionItemId } from './emulator-sublists';
import type { SessionLine } from './stripe-objects';

/** Where a session line item's discounts are kept (by the item's id) for `expand[]=line_items.data.discounts`. */
export const ITEM_DISCOUNTS = 'checkout.item_discounts';
/** Their id: the item's own holds its taxes. */
export const itemDiscountsId = (itemId: string) => `${itemId}_discounts`;

/**
 * A Checkout Session with Stripe's `discounts` applied: the session's `discounts`, its
 * total_details.amount_discount and amount_total, and (kept beside it) each line's share, the
 * breakdown `expand[]=total_details.breakdown` shows and the Discount redeemed when it completes.
 * Tax, when the session has it, is then reckoned on the discounted lines.
 */
export async function discountedSession(
  store: EmulatorStore,
  session: StripeObject,
  requested: { coupon?: string; promotion_code?: string },
  order: { customer: StripeObject | undefined; lines: SessionLine[] },
  em: EntityManager,
): Promise<{ session: StripeObject } | { answer: EmulatorAnswer }> {
  const lines = order.lines.map((line) => ({ product: String(line.price.product), amount: (line.price.unit_amount as number) * line.quantity }));
  const checked = await sessionDiscount(store, requested, { customer: order.customer, currency: String(session.currency), lines }, session.id, em);
  if ('answer' in checked) return checked;
  const { discount, coupon, promotionCode } = checked.applied;
  const shares = lineDiscounts(coupon, lines);
  const off = shares.reduce((sum, share) => sum + share, 0);
  const visible = publicDiscount(discount);
  for (const [index, share] of shares.entries())
    await store.put(
      { id: itemDiscountsId(sessionItemId(session.id, index)), object: ITEM_DISCOUNTS, discounts: share > 0 ? [{ amount: share, discount: visible }] : [] },
      em,
    );
  const details = session.total_details as Record<string, unknown>;
  return {
    session: {
      ...session,
      discounts: [{ coupon: coupon.id, promotion_code: promotionCode?.id ?? null }],
      amount_total: (session.amount_subtotal as number) - off,
      total_details: { ...details, amount_discount: off },
      discount_emulator: discount,
      line_discounts_emulator: shares,
      discount_breakdown_emulator: [{ amount: off, discount: visible }],
      // What Stripe's page names the discount by: the code the buyer would type, else the coupon's name.
      discount_label_emulator: String(promotionCode?.code ?? coupon.name ?? coupon.id),
    },
  };
}

function publicDiscount(discount: StripeObject): StripeObject {
  return Object.fromEntries(Object.entries(discount).filter(([key]) => !key.endsWith('_emulator'))) as StripeObject;
}
