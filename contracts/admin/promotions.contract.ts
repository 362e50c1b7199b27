import { z } from 'zod';
import { promotionTerms } from '../promotions/promotion-terms';
import { defineServerFn } from '../server-fn';

/** Where a promotion stands now: before its window, taking checkouts, or no longer (ended by the owner, past its end, or used up). */
export const PROMOTION_STATUSES = ['scheduled', 'active', 'ended', 'expired', 'used_up'] as const;

export const promotionRowSchema = z.object({
  promotionId: z.string(),
  terms: promotionTerms,
  status: z.enum(PROMOTION_STATUSES),
  redeemed: z.number().int().min(0),
  createdAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
});
export type PromotionRow = z.infer<typeof promotionRowSchema>;

/** Every promotion, newest first (support reads them to answer customers; only the owner creates and ends them). */
export const adminListPromotions = defineServerFn({
  id: 'adminListPromotions',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({ promotions: z.array(promotionRowSchema) }),
  errors: ['FORBIDDEN'],
});

export const adminCreatePromotion = defineServerFn({
  id: 'adminCreatePromotion',
  method: 'POST',
  input: promotionTerms,
  output: z.object({ promotionId: z.string() }),
  errors: ['FORBIDDEN', 'admin.owner_only', 'promotion.exists'],
});

export const adminEndPromotion = defineServerFn({
  id: 'adminEndPromotion',
  method: 'POST',
  input: z.object({ promotionId: z.string().min(1).max(80) }).strict(),
  output: z.object({ promotionId: z.string(), endedAt: z.iso.datetime() }),
  errors: ['FORBIDDEN', 'admin.owner_only', 'NOT_FOUND'],
});

export const promotionsServerFns = [adminListPromotions, adminCreatePromotion, adminEndPromotion] as const;
