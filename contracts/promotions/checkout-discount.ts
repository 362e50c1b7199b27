import { z } from 'zod';
import { PROMOTION_REFUSALS, promotionDuration, type PromotionRefusal } from './promotion-terms';

/**
 * A promotion a checkout takes: which (its code, or none for an automatic sale), what it takes off
 * the first charge before tax, and how long a subscription keeps it.
 */
export const checkoutDiscountSchema = z.object({
  promotionId: z.string(),
  code: z.string().nullable(),
  name: z.string(),
  amountOffCents: z.number().int().min(0),
  duration: promotionDuration,
  /** A sale the owner lets stack with codes, taken with the code (its amount is in `amountOffCents`); null without one. */
  stackedWith: z.object({ promotionId: z.string(), name: z.string() }).nullable(),
});
export type CheckoutDiscount = z.infer<typeof checkoutDiscountSchema>;

const refusalReasons = Object.keys(PROMOTION_REFUSALS) as [PromotionRefusal, ...PromotionRefusal[]];

/** Why the code the buyer gave does not apply, with the words they read. */
export const codeRefusalSchema = z.object({ code: z.string(), reason: z.enum(refusalReasons), message: z.string() });
export type CodeRefusal = z.infer<typeof codeRefusalSchema>;

/** A code as it may arrive in a link or a form: any text up to 40 characters, checked by the server (which answers `unknown` for a malformed one). */
export const codeInputSchema = z.string().trim().min(1).max(40);
