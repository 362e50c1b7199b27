import type Stripe from 'stripe';
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
    name: terms.name,
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
export async function ensureCoupon(stripe: StripeClient, promotionId: string, terms: PromotionTerms): Promise<void> {
  try {
    await stripe.api.coupons.create(couponParams(promotionId, terms), { idempotencyKey: `promotion-coupon-${promotionId}` });
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_already_exists') throw error;
  }
}
