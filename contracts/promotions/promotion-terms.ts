import { z } from 'zod';

const cents = z.number().int().min(1).max(100_000_000);
const iso = z.iso.datetime();

/** A code as customers type it: letters, digits, dashes and underscores, compared in upper case. */
export const PROMOTION_CODE = /^[A-Z0-9][A-Z0-9_-]{2,39}$/;
export const promotionCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .pipe(z.string().regex(PROMOTION_CODE, 'A code is 3 to 40 letters, digits, dashes or underscores.'));

export const promotionDiscount = z.discriminatedUnion('type', [
  z.object({ type: z.literal('percent'), percentOff: z.number().min(1).max(100) }).strict(),
  z.object({ type: z.literal('amount'), amountOffCents: cents, currency: z.string().length(3) }).strict(),
]);
export type PromotionDiscount = z.infer<typeof promotionDiscount>;

/** How long a subscription keeps the discount: its first charge, N months of charges, or every charge (a one-time purchase: its one charge). */
export const promotionDuration = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('once') }).strict(),
  z.object({ kind: z.literal('repeating'), months: z.number().int().min(1).max(36) }).strict(),
  z.object({ kind: z.literal('forever') }).strict(),
]);
export type PromotionDuration = z.infer<typeof promotionDuration>;

/**
 * What the owner sets when creating a promotion. A code customers type (`code`), or none: an
 * automatic promotion, applied within its window without a code (and with a code only if
 * `stacksWithCodes`).
 */
export const promotionTerms = z
  .object({
    code: promotionCodeSchema.nullable(),
    /** What checkout, invoices and the plans page call it ("Launch sale"). */
    name: z.string().trim().min(1).max(80),
    discount: promotionDiscount,
    duration: promotionDuration,
    /** The catalog ids it applies to; empty: every paid product. */
    productIds: z.array(z.string().min(1).max(80)).max(50),
    maxRedemptions: z.number().int().min(1).max(1_000_000).nullable(),
    oncePerCustomer: z.boolean(),
    firstPurchaseOnly: z.boolean(),
    /** The least a purchase must cost before the discount (in the discount's or the price's currency, cents). */
    minimumAmountCents: cents.nullable(),
    startsAt: iso.nullable(),
    endsAt: iso.nullable(),
    /** An automatic promotion only: whether a code may apply on top of it. */
    stacksWithCodes: z.boolean(),
  })
  .strict()
  .refine((terms) => !terms.startsAt || !terms.endsAt || terms.startsAt < terms.endsAt, { message: 'The end must come after the start.', path: ['endsAt'] });
export type PromotionTerms = z.infer<typeof promotionTerms>;

/** Why a code does not apply, in the order they are checked. */
export const PROMOTION_REFUSALS = {
  unknown: 'We don’t know that code. Check its spelling.',
  ended: 'This code has ended.',
  not_started: 'This code is not valid yet.',
  expired: 'This code has expired.',
  used_up: 'This code has been used as many times as it allows.',
  not_for_product: 'This code is not for this product.',
  first_purchase_only: 'This code is for a first purchase only.',
  already_used: 'You have already used this code.',
  below_minimum: 'This code needs a larger purchase.',
  sale_is_better: 'The sale running now takes off more than this code, so the sale applies.',
} as const;
export type PromotionRefusal = keyof typeof PROMOTION_REFUSALS;

/** What a discount takes off a net amount: a percentage rounded half up, or a fixed amount, never more than the amount. */
export function discountOff(discount: PromotionDiscount, amountCents: number): number {
  if (discount.type === 'percent') return Math.min(amountCents, Math.round((amountCents * discount.percentOff) / 100));
  return Math.min(amountCents, discount.amountOffCents);
}
