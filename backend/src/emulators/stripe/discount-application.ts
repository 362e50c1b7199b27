import type { EntityManager } from '@mikro-orm/postgresql';
import { couponValid, discountObject } from './discount-objects';
import { invalid, missing } from './emulator-answers';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import { nowSeconds, periodEnd } from './stripe-objects';

/** A discount applied to a session: the Discount object, its coupon, and the promotion code it came through (if any). */
export interface AppliedDiscount {
  discount: StripeObject;
  coupon: StripeObject;
  promotionCode: StripeObject | null;
}

/** What a discount is checked against: the session's customer (if known), its currency, its lines' products and amounts. */
export interface DiscountTarget {
  customer: StripeObject | undefined;
  currency: string;
  lines: Array<{ product: string; amount: number }>;
}

type Refusal = { message: string; code?: string };

/**
 * Each line's share of a coupon: a percentage of each line it applies to (rounded per line), or
 * the amount off spread over those lines in proportion to their amounts (at most their total).
 */
export function lineDiscounts(coupon: StripeObject, lines: Array<{ product: string; amount: number }>): number[] {
  const products = (coupon.applies_to_emulator as { products?: string[] } | null)?.products;
  const eligible = lines.map((line) => line.amount > 0 && (!products || products.includes(line.product)));
  if (typeof coupon.percent_off === 'number') {
    const percent = coupon.percent_off;
    return lines.map((line, index) => (eligible[index] ? Math.round((line.amount * percent) / 100) : 0));
  }
  const base = lines.reduce((sum, line, index) => sum + (eligible[index] ? line.amount : 0), 0);
  const off = Math.min(Number(coupon.amount_off ?? 0), base);
  const shares = lines.map((line, index) => (eligible[index] && base > 0 ? Math.floor((off * line.amount) / base) : 0));
  const last = eligible.lastIndexOf(true);
  if (last >= 0) shares[last] = shares[last]! + off - shares.reduce((sum, share) => sum + share, 0);
  return shares;
}

/**
 * Checks Checkout's `discounts` (one coupon or promotion code) as Stripe does when a session is
 * made: the code active, unexpired and not used up, its coupon valid, its restrictions met by the
 * customer and the order, and the coupon applying to one of the items at least.
 */
export async function sessionDiscount(
  store: EmulatorStore,
  requested: { coupon?: string; promotion_code?: string },
  target: DiscountTarget,
  sessionId: string,
  em: EntityManager,
): Promise<{ applied: AppliedDiscount } | { answer: EmulatorAnswer }> {
  const param = requested.promotion_code ? 'discounts[0][promotion_code]' : 'discounts[0][coupon]';
  if (!requested.coupon === !requested.promotion_code)
    return { answer: invalid('You must pass exactly one of `coupon` or `promotion_code` in each of `discounts`.', 'discounts[0]') };
  let promotionCode: StripeObject | null = null;
  let couponId = requested.coupon!;
  if (requested.promotion_code) {
    promotionCode = (await store.get(requested.promotion_code, 'promotion_code', em)) ?? null;
    if (!promotionCode) return { answer: missing('promotion_code', requested.promotion_code, param) };
    couponId = String((promotionCode.promotion as { coupon: string }).coupon);
  }
  const coupon = await store.get(couponId, 'coupon', em);
  if (!coupon || coupon.deleted_emulator) return { answer: missing('coupon', couponId, param) };
  const subtotal = target.lines.reduce((sum, line) => sum + line.amount, 0);
  const refused = (await redeemable(store, { coupon, promotionCode }, { ...target, subtotal }, em)) ?? appliesToOrder(coupon, target);
  if (refused) return { answer: invalid(refused.message, param, refused.code) };
  const discount = discountObject({ coupon: coupon.id, promotionCode: promotionCode?.id ?? null, checkoutSession: sessionId }) as StripeObject;
  return { applied: { discount: { ...discount, customer: target.customer?.id ?? null }, coupon, promotionCode } };
}

/** Why a coupon or promotion code cannot be redeemed now by this customer for this order; undefined when it can. */
export async function redeemable(
  store: EmulatorStore,
  { coupon, promotionCode }: { coupon: StripeObject; promotionCode: StripeObject | null },
  target: Pick<DiscountTarget, 'customer' | 'currency'> & { subtotal?: number },
  em: EntityManager,
): Promise<Refusal | undefined> {
  const now = nowSeconds();
  if (promotionCode) {
    if (!promotionCode.active) return { message: 'This promotion code is inactive.' };
    if (typeof promotionCode.expires_at === 'number' && promotionCode.expires_at <= now) return { message: 'This promotion code has expired.' };
    if (typeof promotionCode.max_redemptions === 'number' && (promotionCode.times_redeemed as number) >= promotionCode.max_redemptions)
      return { message: 'This promotion code has been redeemed the maximum number of times.' };
  }
  if (coupon.deleted_emulator) return { message: `No such coupon: '${coupon.id}'` };
  if (typeof coupon.redeem_by === 'number' && coupon.redeem_by <= now) return { message: `Coupon expired: ${coupon.id}`, code: 'coupon_expired' };
  if (!couponValid(coupon, now)) return { message: `Coupon expired: ${coupon.id}`, code: 'coupon_expired' };
  if (!promotionCode) return undefined;
  if (promotionCode.customer && promotionCode.customer !== target.customer?.id)
    return { message: 'This promotion code cannot be redeemed because it belongs to another customer.' };
  const restrictions = promotionCode.restrictions as { first_time_transaction: boolean; minimum_amount: number | null; minimum_amount_currency: string | null };
  if (restrictions.first_time_transaction && target.customer && (await hasTransactions(store, target.customer.id, em)))
    return { message: 'This promotion code cannot be redeemed because the associated customer has prior transactions.' };
  if (restrictions.minimum_amount !== null && target.subtotal !== undefined) {
    if (restrictions.minimum_amount_currency !== target.currency)
      return {
        message: `This promotion code cannot be redeemed because its minimum amount is in ${String(restrictions.minimum_amount_currency)}, not ${target.currency}.`,
      };
    if (target.subtotal < restrictions.minimum_amount)
      return { message: 'This promotion code cannot be redeemed because the amount is less than the minimum amount required.' };
  }
  return undefined;
}

function appliesToOrder(coupon: StripeObject, target: DiscountTarget): Refusal | undefined {
  if (typeof coupon.amount_off === 'number' && coupon.currency !== target.currency)
    return { message: `The coupon's currency (${String(coupon.currency)}) does not match the currency of this session (${target.currency}).` };
  const products = (coupon.applies_to_emulator as { products?: string[] } | null)?.products;
  if (products && !target.lines.some((line) => products.includes(line.product)))
    return { message: `The coupon ${coupon.id} cannot be applied to any of the items in this session: it applies only to specific products.` };
  return undefined;
}

/** A customer with a successful payment or a paid invoice before: Stripe's test for first_time_transaction. */
async function hasTransactions(store: EmulatorStore, customer: string, em: EntityManager): Promise<boolean> {
  if ((await store.find('charge', { customer, status: 'succeeded' }, em, 1)).length > 0) return true;
  return (await store.find('invoice', { customer, status: 'paid' }, em, 50)).some((invoice) => (invoice.amount_paid as number) > 0);
}

/**
 * Redeems a session's discount when it completes: its promotion code and coupon locked (in that
 * order), checked again (another checkout may have used the last redemption meanwhile) and their
 * times_redeemed counted. A refusal leaves the session open, as Stripe's page does.
 */
export async function redeemSessionDiscount(
  store: EmulatorStore,
  session: StripeObject,
  customerId: string | null,
  em: EntityManager,
): Promise<{ discount: StripeObject } | { problem: string } | undefined> {
  const kept = session.discount_emulator as StripeObject | null | undefined;
  if (!kept) return undefined;
  const source = kept.source as { coupon: string };
  if (typeof kept.promotion_code === 'string') await store.lock(kept.promotion_code, em);
  await store.lock(source.coupon, em);
  const promotionCode = typeof kept.promotion_code === 'string' ? ((await store.get(kept.promotion_code, 'promotion_code', em)) ?? null) : null;
  const coupon = await store.get(source.coupon, 'coupon', em);
  if (!coupon) return { problem: `No such coupon: '${source.coupon}'` };
  const customer = customerId ? await store.get(customerId, 'customer', em) : undefined;
  const refused = await redeemable(store, { coupon, promotionCode }, { customer, currency: String(session.currency) }, em);
  if (refused) return { problem: refused.message };
  if (promotionCode) await store.put({ ...promotionCode, times_redeemed: (promotionCode.times_redeemed as number) + 1 }, em);
  const redeemed = { ...coupon, times_redeemed: (coupon.times_redeemed as number) + 1 };
  await store.put({ ...redeemed, valid: couponValid(redeemed) }, em);
  return { discount: { ...kept, customer: customerId } };
}

/** The subscription's discount: its customer and subscription, and the end of a coupon that repeats for N months. */
export async function subscriptionDiscount(store: EmulatorStore, discountId: string, subscription: StripeObject, em: EntityManager): Promise<StripeObject> {
  // Read again: the first invoice has marked it used.
  const discount = (await store.get(discountId, 'discount', em))!;
  const coupon = await store.get((discount.source as { coupon: string }).coupon, 'coupon', em);
  const start = subscription.start_date as number;
  const months = coupon?.duration === 'repeating' ? Number(coupon.duration_in_months) : undefined;
  // The emulator's months are its billing months, so that N monthly invoices fall inside N months.
  const end = months ? periodEnd(start, { recurring: { interval: 'month', interval_count: months } }) : null;
  return store.put({ ...discount, customer: subscription.customer, subscription: subscription.id, start, end }, em);
}
