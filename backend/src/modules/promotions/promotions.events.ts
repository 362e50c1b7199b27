import { z } from 'zod';
import { promotionTerms } from '../../../../contracts/promotions/promotion-terms';
import { defineEvent } from '../../events/event-registry';

const iso = z.iso.datetime();

/** One stream per promotion: `promotion-<id>` (a code's id is the code; an automatic promotion's is generated). */
export const promotionStreamId = (promotionId: string) => `promotion-${promotionId}`;

export const PromotionCreated = defineEvent({
  type: 'PromotionCreated',
  schemaVersion: 1,
  schema: z.object({ promotionId: z.string(), terms: promotionTerms, createdAt: iso }),
});

/** The owner ended it: no new checkout takes it; checkouts already holding it keep it. */
export const PromotionEnded = defineEvent({
  type: 'PromotionEnded',
  schemaVersion: 1,
  schema: z.object({ promotionId: z.string(), endedAt: iso }),
});

/**
 * A checkout holds one of the promotion's redemptions until it is paid or closed (at most until
 * `holdUntil`, when its Stripe session expires): the redemption limit counts held ones, so
 * concurrent checkouts cannot take more than the limit. From version 2 it names the product
 * (null before): a buyer starting the same purchase again moves their hold instead of being refused by it.
 */
export const PromotionHeld = defineEvent({
  type: 'PromotionHeld',
  schemaVersion: 2,
  schema: z.object({
    promotionId: z.string(),
    checkoutRef: z.string(),
    userId: z.string(),
    productId: z.string().nullable(),
    discountCents: z.number().int().min(0),
    holdUntil: iso,
    at: iso,
  }),
  upcasters: { 1: (data) => ({ ...(data as object), productId: null }) },
});

/** The checkout holding it was paid: the redemption counts for good. */
export const PromotionRedeemed = defineEvent({
  type: 'PromotionRedeemed',
  schemaVersion: 1,
  schema: z.object({ promotionId: z.string(), checkoutRef: z.string(), userId: z.string(), at: iso }),
});

/** The checkout holding it closed unpaid (cancelled, expired): the redemption is free again. */
export const PromotionReleased = defineEvent({
  type: 'PromotionReleased',
  schemaVersion: 1,
  schema: z.object({ promotionId: z.string(), checkoutRef: z.string(), at: iso }),
});

export const promotionEvents = [PromotionCreated, PromotionEnded, PromotionHeld, PromotionRedeemed, PromotionReleased] as const;
export type PromotionEvent = ReturnType<(typeof promotionEvents)[number]>;
