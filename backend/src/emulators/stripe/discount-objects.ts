import { randomBytes } from 'node:crypto';
import { nowSeconds, stripeId, template, type Fixture } from './stripe-objects';

/** Stripe's coupons, promotion codes and discounts, as the API version the emulator answers with shapes them. */

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
/** An id or code as Stripe makes them when none is given (`Z4OV52SU`). */
export function randomCode(length = 8): string {
  let code = '';
  for (const byte of randomBytes(length)) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
  return code;
}

export interface CouponInput {
  id?: string;
  percent_off?: number;
  amount_off?: number;
  currency?: string;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months?: number;
  max_redemptions?: number;
  redeem_by?: number;
  name?: string;
  metadata?: Record<string, string>;
  applies_to?: { products?: string[] };
}

/** A coupon; what it applies to is kept beside it, shown only on `expand[]=applies_to`, as on Stripe. */
export function couponObject(input: CouponInput): Fixture {
  return {
    ...template('coupon'),
    id: input.id ?? randomCode(),
    object: 'coupon',
    amount_off: input.amount_off ?? null,
    created: nowSeconds(),
    currency: input.amount_off === undefined ? null : (input.currency?.toLowerCase() ?? null),
    duration: input.duration,
    duration_in_months: input.duration === 'repeating' ? (input.duration_in_months ?? null) : null,
    livemode: false,
    max_redemptions: input.max_redemptions ?? null,
    metadata: input.metadata ?? {},
    name: input.name ?? null,
    percent_off: input.percent_off ?? null,
    redeem_by: input.redeem_by ?? null,
    times_redeemed: 0,
    valid: true,
    applies_to_emulator: input.applies_to?.products ? { products: input.applies_to.products } : null,
  };
}

/** Whether a coupon can still be redeemed: not deleted, before its redeem_by, under its redemption limit. */
export function couponValid(coupon: Fixture, at = nowSeconds()): boolean {
  if (coupon.deleted_emulator) return false;
  if (typeof coupon.redeem_by === 'number' && coupon.redeem_by < at) return false;
  return !(typeof coupon.max_redemptions === 'number' && (coupon.times_redeemed as number) >= coupon.max_redemptions);
}

export interface PromotionCodeInput {
  coupon: string;
  code?: string;
  active?: boolean;
  customer?: string;
  expires_at?: number;
  max_redemptions?: number;
  metadata?: Record<string, string>;
  restrictions?: { first_time_transaction?: boolean; minimum_amount?: number; minimum_amount_currency?: string };
}

/** A promotion code: in this API version its coupon is `promotion: {type: 'coupon', coupon}` (an id, expandable). */
export function promotionCodeObject(input: PromotionCodeInput): Fixture {
  const code = input.code ?? randomCode();
  return {
    ...template('promotion_code'),
    id: stripeId('promo'),
    object: 'promotion_code',
    active: input.active ?? true,
    code,
    created: nowSeconds(),
    customer: input.customer ?? null,
    customer_account: null,
    expires_at: input.expires_at ?? null,
    livemode: false,
    max_redemptions: input.max_redemptions ?? null,
    metadata: input.metadata ?? {},
    promotion: { coupon: input.coupon, type: 'coupon' },
    restrictions: {
      first_time_transaction: input.restrictions?.first_time_transaction ?? false,
      minimum_amount: input.restrictions?.minimum_amount ?? null,
      minimum_amount_currency: input.restrictions?.minimum_amount_currency?.toLowerCase() ?? null,
    },
    times_redeemed: 0,
    // Stripe matches codes whatever their case; the list filter reads this.
    code_key_emulator: code.toLowerCase(),
  };
}

/** The application of a coupon (through a promotion code or not) to a session, and later to the subscription it starts. */
export function discountObject(params: { coupon: string; promotionCode: string | null; checkoutSession: string | null; start?: number }): Fixture {
  return {
    ...template('discount'),
    id: stripeId('di'),
    object: 'discount',
    checkout_session: params.checkoutSession,
    customer: null,
    customer_account: null,
    end: null,
    invoice: null,
    invoice_item: null,
    promotion_code: params.promotionCode,
    source: { coupon: params.coupon, type: 'coupon' },
    start: params.start ?? nowSeconds(),
    subscription: null,
    subscription_item: null,
  };
}
