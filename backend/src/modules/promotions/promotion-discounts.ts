import type { CommandBus } from '@nestjs/cqrs';
import type { CheckoutDiscount } from '../../../../contracts/promotions/checkout-discount';
import { discountOff, PROMOTION_CODE, PROMOTION_REFUSALS, type PromotionRefusal, type PromotionTerms } from '../../../../contracts/promotions/promotion-terms';
import { fold } from '../../events/decider';
import type { EventMetadata } from '../../events/event-metadata';
import type { EventStore } from '../../events/event-store';
import type { DiscountAsk, DiscountQuote, DiscountSource } from '../checkout';
import { HoldPromotion } from './commands/hold-promotion.handler';
import { ReleasePromotion } from './commands/release-promotion.handler';
import { type PromotionRequest, type PromotionState, promotionDecider, refusalFor } from './promotions.decider';
import { promotionStreamId } from './promotions.events';
import type { PromotionsQueries } from './promotions.queries';
import { ensureCoupon, ensureStackedCoupon } from './stripe-coupons';
import { stackedCouponIdOf, stripeCouponIdOf } from './stripe-promotion-ids';
import type { StripeClient } from '../../integrations/stripe';

type Quoted = CheckoutDiscount & { stripeCoupon: string };
/** A running sale as quoted, with whether the owner lets it stack with codes. */
type Sale = Quoted & { stacks: boolean; terms: PromotionTerms };

const requestOf = (ask: DiscountAsk, checkoutRef: string): PromotionRequest => ({
  checkoutRef,
  userId: ask.userId,
  productId: ask.resourceId,
  amountCents: ask.amountCents,
  currency: ask.currency,
  hasPaidBefore: ask.hasPaidBefore,
  at: ask.at,
});

/**
 * Promotions as checkout's discount source. The page's quote and the checkout's hold follow the
 * one rule of the decider (`refusalFor`) on the promotion's stream as it stands. A code that applies
 * replaces a sale that takes off less, unless the sale takes off more (then the sale applies and
 * the code is refused with that reason). A sale the owner lets stack is taken with the code when
 * both last as long: Stripe Checkout takes one discount per session, so one coupon carries both,
 * and the checkout holds (and later redeems) both promotions.
 */
export class PromotionDiscounts implements DiscountSource {
  constructor(
    private readonly store: EventStore,
    private readonly queries: PromotionsQueries,
    private readonly commands: CommandBus,
    private readonly stripe: StripeClient,
  ) {}

  async quote(ask: DiscountAsk): Promise<DiscountQuote> {
    const sale = await this.bestSale(ask);
    if (!ask.code) return { discount: sale, refusal: null };
    const refused = (reason: PromotionRefusal) => ({ discount: sale, refusal: { code: ask.code!, reason, message: PROMOTION_REFUSALS[reason] } });
    // A code is its promotion's id: read from its stream, so a code works the moment it is created.
    const code = ask.code.trim().toUpperCase();
    if (!PROMOTION_CODE.test(code)) return refused('unknown');
    const state = await this.stateOf(code);
    const refusal = state.terms?.code === code ? refusalFor(state, requestOf(ask, '')) : 'unknown';
    if (refusal) return refused(refusal);
    const discount = discountOf(state, ask.amountCents);
    // A sale the owner lets stack is taken with the code, when both last as long (one Stripe coupon carries both).
    if (sale && sale.stacks && sameDuration(sale.terms, state.terms!))
      return { discount: stacked(discount, sale, state.terms!, ask.amountCents), refusal: null };
    if (sale && sale.amountOffCents > discount.amountOffCents) return refused('sale_is_better');
    return { discount, refusal: null };
  }

  async hold(checkoutRef: string, discount: Quoted, ask: DiscountAsk, holdUntil: string, metadata: EventMetadata): Promise<{ message: string } | null> {
    const held: PromotionTerms[] = [];
    for (const promotionId of promotionIdsOf(discount)) {
      const state = await this.stateOf(promotionId);
      const discountCents = state.terms ? discountOff(state.terms.discount, ask.amountCents) : 0;
      const refused = await this.commands.execute(new HoldPromotion(promotionId, requestOf(ask, checkoutRef), discountCents, holdUntil, metadata));
      if (refused) {
        await this.release(checkoutRef, { ...discount, stackedWith: null }, metadata);
        return refused;
      }
      if (state.terms) held.push(state.terms);
    }
    // The coupon is made when the promotion is created (a stacked one, now); a checkout right after must not wait for that.
    const [codeTerms, saleTerms] = held;
    const made = saleTerms
      ? ensureStackedCoupon(this.stripe, discount, [codeTerms!, saleTerms], ask.currency)
      : codeTerms
        ? ensureCoupon(this.stripe, discount.promotionId, codeTerms)
        : Promise.resolve();
    await made.catch(async (error: unknown) => {
      await this.release(checkoutRef, discount, metadata);
      throw error;
    });
    return null;
  }

  async release(checkoutRef: string, discount: CheckoutDiscount, metadata: EventMetadata): Promise<void> {
    for (const promotionId of promotionIdsOf(discount)) await this.commands.execute(new ReleasePromotion(promotionId, checkoutRef, metadata));
  }

  /** The automatic promotion that takes most off this purchase now, if any applies. */
  private async bestSale(ask: DiscountAsk): Promise<Sale | null> {
    let best: Sale | null = null;
    for (const { promotionId } of await this.queries.runningSales(new Date(ask.at))) {
      const state = await this.stateOf(promotionId);
      if (refusalFor(state, requestOf(ask, ''))) continue;
      const discount = discountOf(state, ask.amountCents);
      if (!best || discount.amountOffCents > best.amountOffCents) best = { ...discount, stacks: state.terms!.stacksWithCodes, terms: state.terms! };
    }
    return best;
  }

  private async stateOf(promotionId: string): Promise<PromotionState> {
    return fold(promotionDecider, await this.store.readStream(promotionStreamId(promotionId), promotionDecider.events));
  }
}

function discountOf(state: PromotionState, amountCents: number): Quoted {
  const terms = state.terms!;
  return {
    promotionId: state.promotionId!,
    code: terms.code,
    name: terms.name,
    amountOffCents: discountOff(terms.discount, amountCents),
    duration: terms.duration,
    stackedWith: null,
    stripeCoupon: stripeCouponIdOf(state.promotionId!),
  };
}

const sameDuration = (a: PromotionTerms, b: PromotionTerms) => JSON.stringify(a.duration) === JSON.stringify(b.duration);

/** The code and the sale together: both amounts off the price (never more than it), one coupon at Stripe. */
function stacked(code: Quoted, sale: Sale, codeTerms: PromotionTerms, amountCents: number): Quoted {
  const amountOffCents = Math.min(amountCents, code.amountOffCents + sale.amountOffCents);
  const bothPercent = codeTerms.discount.type === 'percent' && sale.terms.discount.type === 'percent';
  return {
    ...code,
    name: `${code.name} + ${sale.name}`,
    amountOffCents,
    stackedWith: { promotionId: sale.promotionId, name: sale.name },
    stripeCoupon: stackedCouponIdOf(code.promotionId, sale.promotionId, bothPercent ? null : amountOffCents),
  };
}

/** The promotions a discount holds: its own, and a stacked sale's. */
const promotionIdsOf = (discount: CheckoutDiscount) => [discount.promotionId, ...(discount.stackedWith ? [discount.stackedWith.promotionId] : [])];
