import type Stripe from 'stripe';
import type { PromotionTerms } from '../../../../../contracts/promotions/promotion-terms';
import type { Recorded } from '../../../events/projector';
import type { Reactor } from '../../../events/reactor';
import type { StripeClient } from '../../../integrations/stripe';
import { PromotionCreated, PromotionEnded } from '../promotions.events';
import { ensureCoupon } from '../stripe-coupons';
import { stripeCouponIdOf } from '../stripe-promotion-ids';

type Event = Recorded<ReturnType<typeof PromotionCreated> | ReturnType<typeof PromotionEnded>>;

const seconds = (iso: string | null) => (iso ? Math.floor(Date.parse(iso) / 1000) : undefined);

/**
 * Mirrors promotions at Stripe: a coupon for each (and a promotion code for a code), made inactive
 * when the promotion ends. The site decides who may use a promotion (its holds and refusals); Stripe
 * applies the amounts, and its `max_redemptions` and `expires_at` on the code back the site's limits
 * up. Each create carries an idempotency key of the promotion, and an object Stripe already has
 * counts as made, so a replayed batch changes nothing.
 */
export class StripePromotionsReactor implements Reactor<Event> {
  readonly name = 'StripePromotionsReactor';
  readonly eventTypes: Event['type'][] = ['PromotionCreated', 'PromotionEnded'];

  constructor(private readonly stripe: StripeClient) {}

  async react(event: Event): Promise<void> {
    if (event.type === 'PromotionCreated') return this.create(event.data.promotionId, event.data.terms);
    const code = await this.promotionCodeOf(event.data.promotionId);
    if (code?.active) await this.stripe.api.promotionCodes.update(code.id, { active: false });
  }

  private async create(promotionId: string, terms: PromotionTerms): Promise<void> {
    await ensureCoupon(this.stripe, promotionId, terms);
    if (!terms.code || (await this.promotionCodeOf(promotionId))) return;
    await this.stripe.api.promotionCodes.create(
      {
        promotion: { type: 'coupon', coupon: stripeCouponIdOf(promotionId) },
        code: terms.code,
        ...(terms.maxRedemptions !== null ? { max_redemptions: terms.maxRedemptions } : {}),
        ...(terms.endsAt ? { expires_at: seconds(terms.endsAt) } : {}),
        metadata: { promotionId },
      },
      { idempotencyKey: `promotion-code-${promotionId}` },
    );
  }

  private async promotionCodeOf(promotionId: string): Promise<Stripe.PromotionCode | undefined> {
    const codes = await this.stripe.api.promotionCodes.list({ coupon: stripeCouponIdOf(promotionId), limit: 1 });
    return codes.data[0];
  }
}
