import type { PromotionRefusal, PromotionTerms } from '../../../../contracts/promotions/promotion-terms';
import type { Decider } from '../../events/decider';
import { PromotionExistsError, PromotionNotFoundError, PromotionRefusedError } from './promotions.errors';
import { PromotionCreated, PromotionEnded, PromotionHeld, PromotionRedeemed, PromotionReleased, type PromotionEvent } from './promotions.events';

/** What a checkout asks of a promotion: to take it for this product and amount, for this buyer. */
export interface PromotionRequest {
  checkoutRef: string;
  userId: string;
  productId: string;
  /** The price before any discount (net of tax), and its currency. */
  amountCents: number;
  currency: string;
  /** Whether the buyer paid for anything before (a first-purchase-only code refuses them). */
  hasPaidBefore: boolean;
  at: string;
}

export type PromotionCommand =
  | { type: 'CreatePromotion'; promotionId: string; terms: PromotionTerms; at: string }
  | { type: 'EndPromotion'; at: string }
  | { type: 'HoldPromotion'; request: PromotionRequest; discountCents: number; holdUntil: string }
  | { type: 'RedeemPromotion'; checkoutRef: string; userId: string; at: string }
  | { type: 'ReleasePromotion'; checkoutRef: string; at: string };

export interface PromotionState {
  promotionId: string | null;
  terms: PromotionTerms | null;
  /** When the owner ended it, or null. */
  endedAt: string | null;
  /** Checkouts holding a redemption, not yet paid or closed. */
  holds: ReadonlyMap<string, Hold>;
  /** Paid checkouts that took it, and who paid. */
  redeemed: ReadonlyMap<string, string>;
}

interface Hold {
  userId: string;
  /** Null for a hold recorded before holds named their product. */
  productId: string | null;
  holdUntil: string;
}

const without = <V>(map: ReadonlyMap<string, V>, key: string) => {
  const next = new Map(map);
  next.delete(key);
  return next;
};

/** The buyer's own hold for the same purchase under another checkout (one started again), still standing. */
function ownHold(state: PromotionState, request: PromotionRequest): string | undefined {
  return [...state.holds].find(
    ([ref, hold]) => ref !== request.checkoutRef && hold.userId === request.userId && hold.productId === request.productId && hold.holdUntil > request.at,
  )?.[0];
}

/**
 * Holds still standing at the request's time (a hold lapses when its checkout's Stripe session
 * would have expired), other than the request's own checkout's and the buyer's own for the same purchase.
 */
function standingHolds(state: PromotionState, request: PromotionRequest) {
  const own = ownHold(state, request);
  return [...state.holds].filter(([ref, hold]) => ref !== request.checkoutRef && ref !== own && hold.holdUntil > request.at);
}

/** Why the promotion does not apply to this request, or null when it does: the one rule the code check and the hold both follow. */
export function refusalFor(state: PromotionState, request: PromotionRequest): PromotionRefusal | null {
  const { terms } = state;
  if (!terms) return 'unknown';
  if (state.endedAt) return 'ended';
  if (terms.startsAt && request.at < terms.startsAt) return 'not_started';
  if (terms.endsAt && request.at >= terms.endsAt) return 'expired';
  if (terms.productIds.length > 0 && !terms.productIds.includes(request.productId)) return 'not_for_product';
  if (terms.discount.type === 'amount' && terms.discount.currency.toLowerCase() !== request.currency.toLowerCase()) return 'not_for_product';
  if (terms.firstPurchaseOnly && request.hasPaidBefore) return 'first_purchase_only';
  const holds = standingHolds(state, request);
  if (terms.oncePerCustomer) {
    const usedBefore = [...state.redeemed].some(([ref, userId]) => ref !== request.checkoutRef && userId === request.userId);
    if (usedBefore || holds.some(([, hold]) => hold.userId === request.userId)) return 'already_used';
  }
  if (terms.minimumAmountCents !== null && request.amountCents < terms.minimumAmountCents) return 'below_minimum';
  if (terms.maxRedemptions !== null && state.redeemed.size + holds.length >= terms.maxRedemptions) return 'used_up';
  return null;
}

/**
 * A promotion: created once, ended once, and taken by checkouts. A checkout holds a redemption when
 * it opens with the code (refused with the reason when it does not apply), redeems it when paid
 * (always: the buyer paid the discounted price), and releases it when it closes unpaid. A buyer's
 * own open checkout of the same purchase never refuses them: starting again moves its hold.
 */
export const promotionDecider: Decider<PromotionCommand, PromotionEvent, PromotionState> = {
  events: [PromotionCreated, PromotionEnded, PromotionHeld, PromotionRedeemed, PromotionReleased],
  initialState: () => ({ promotionId: null, terms: null, endedAt: null, holds: new Map(), redeemed: new Map() }),

  evolve(state, event) {
    switch (event.type) {
      case 'PromotionCreated':
        return { ...state, promotionId: event.data.promotionId, terms: event.data.terms };
      case 'PromotionEnded':
        return { ...state, endedAt: event.data.endedAt };
      case 'PromotionHeld':
        return {
          ...state,
          holds: new Map(state.holds).set(event.data.checkoutRef, {
            userId: event.data.userId,
            productId: event.data.productId,
            holdUntil: event.data.holdUntil,
          }),
        };
      case 'PromotionRedeemed':
        return {
          ...state,
          holds: without(state.holds, event.data.checkoutRef),
          redeemed: new Map(state.redeemed).set(event.data.checkoutRef, event.data.userId),
        };
      case 'PromotionReleased':
        return { ...state, holds: without(state.holds, event.data.checkoutRef) };
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'CreatePromotion':
        if (state.terms) throw new PromotionExistsError(command.terms.code ?? command.promotionId);
        return [PromotionCreated({ promotionId: command.promotionId, terms: command.terms, createdAt: command.at })];
      case 'EndPromotion':
        if (!state.terms || !state.promotionId) throw new PromotionNotFoundError();
        return state.endedAt ? [] : [PromotionEnded({ promotionId: state.promotionId, endedAt: command.at })];
      case 'HoldPromotion': {
        const { request } = command;
        if (state.holds.has(request.checkoutRef) || state.redeemed.has(request.checkoutRef)) return [];
        const refusal = refusalFor(state, request);
        if (refusal) throw new PromotionRefusedError(refusal);
        // The buyer started the same purchase again: the hold moves to the new checkout.
        const moved = ownHold(state, request);
        return [
          ...(moved ? [PromotionReleased({ promotionId: state.promotionId!, checkoutRef: moved, at: request.at })] : []),
          PromotionHeld({
            promotionId: state.promotionId!,
            checkoutRef: request.checkoutRef,
            userId: request.userId,
            productId: request.productId,
            discountCents: command.discountCents,
            holdUntil: command.holdUntil,
            at: request.at,
          }),
        ];
      }
      case 'RedeemPromotion':
        if (!state.promotionId || state.redeemed.has(command.checkoutRef)) return [];
        return [PromotionRedeemed({ promotionId: state.promotionId, checkoutRef: command.checkoutRef, userId: command.userId, at: command.at })];
      case 'ReleasePromotion':
        if (!state.promotionId || !state.holds.has(command.checkoutRef)) return [];
        return [PromotionReleased({ promotionId: state.promotionId, checkoutRef: command.checkoutRef, at: command.at })];
      default: {
        const unhandled: never = command;
        throw new Error(`unhandled command ${JSON.stringify(unhandled)}`);
      }
    }
  },
};
