import type Stripe from 'stripe';
import type { CheckoutDiscount } from '../../../../contracts/promotions/checkout-discount';
import type { PromotionTerms } from '../../../../contracts/promotions/promotion-terms';
import type { StripeClient } from '../../integrations/stripe';
import { stripeCouponIdOf } from './stripe-promotion-ids';

/** The coupon Stripe applies for a promotion's terms. */
export function couponParams(promotionId: string, terms: PromotionTerms): Stripe.CouponCreateParams {
  const off =
    terms.discount.type === 'percent'
      ? { percent_off: terms.discount.percentOff }
      : { amount_off: terms.discount.amountOffCents, currency: terms.discount.currency };
  return {
    id: stripeCouponIdOf(promotionId),
    // Stripe names a coupon in at most 40 characters.
    name: terms.name.slice(0, 40),
    ...off,
    duration: terms.duration.kind,
    ...(terms.duration.kind === 'repeating' ? { duration_in_months: terms.duration.months } : {}),
    metadata: { promotionId },
  };
}

/**
 * Makes the promotion's coupon at Stripe, or finds it made: one idempotency key per promotion, and a
 * coupon Stripe already has (a replay past the key's 24 hours) counts as made. The reactor makes it
 * when the promotion is created; a checkout makes sure of it before naming it in a session.
 */
export function ensureCoupon(stripe: StripeClient, promotionId: string, terms: PromotionTerms): Promise<void> {
  return made(stripe, couponParams(promotionId, terms), `promotion-coupon-${promotionId}`);
}

/**
 * The coupon of a code stacked with a sale (`discount.stripeCoupon`): their two percentages added
 * up, or the amount both take off this purchase, lasting as both do.
 */
export function ensureStackedCoupon(
  stripe: StripeClient,
  discount: CheckoutDiscount & { stripeCoupon: string },
  [code, sale]: [PromotionTerms, PromotionTerms],
  currency: string,
): Promise<void> {
  const off =
    code.discount.type === 'percent' && sale.discount.type === 'percent'
      ? { percent_off: Math.min(100, code.discount.percentOff + sale.discount.percentOff) }
      : { amount_off: discount.amountOffCents, currency };
  const params: Stripe.CouponCreateParams = {
    id: discount.stripeCoupon,
    name: discount.name.slice(0, 40),
    ...off,
    duration: code.duration.kind,
    ...(code.duration.kind === 'repeating' ? { duration_in_months: code.duration.months } : {}),
    metadata: { promotionId: discount.promotionId, stackedPromotionId: discount.stackedWith?.promotionId ?? '' },
  };
  return made(stripe, params, `promotion-coupon-${discount.stripeCoupon}`);
}

async function made(stripe: StripeClient, params: Stripe.CouponCreateParams, idempotencyKey: string): Promise<void> {
  try {
    await stripe.api.coupons.create(params, { idempotencyKey });
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_already_exists') throw error;
  }
}
