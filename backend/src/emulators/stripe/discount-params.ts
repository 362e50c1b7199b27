import { z } from 'zod';

/** The parameters of Stripe's coupon and promotion code endpoints, read from its form encoding. */
const int = z.coerce.number().int();
const flag = z.enum(['true', 'false']).transform((value) => value === 'true');
const metadata = z.record(z.string(), z.string()).optional();
const metadataUpdate = z.union([z.literal(''), z.record(z.string(), z.string())]).optional();
const currency = z
  .string()
  .regex(/^[a-zA-Z]{3}$/)
  .transform((code) => code.toLowerCase());

export const couponParams = z
  .object({
    id: z
      .string()
      .min(1)
      .max(200)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
    percent_off: z.coerce.number().gt(0).lte(100).optional(),
    amount_off: int.min(1).optional(),
    currency: currency.optional(),
    duration: z.enum(['once', 'repeating', 'forever']).default('once'),
    duration_in_months: int.min(1).max(1200).optional(),
    max_redemptions: int.min(1).optional(),
    redeem_by: int.optional(),
    name: z.string().max(40).optional(),
    metadata,
    applies_to: z
      .object({ products: z.array(z.string().min(1)).max(100).optional() })
      .strict()
      .optional(),
  })
  .strict();

export const couponUpdateParams = z.object({ name: z.string().max(40).optional(), metadata: metadataUpdate }).strict();

export const promotionCodeParams = z
  .object({
    promotion: z.object({ type: z.literal('coupon'), coupon: z.string().min(1) }).strict(),
    code: z
      .string()
      .min(1)
      .max(500)
      .regex(/^[A-Za-z0-9_-]+$/)
      .optional(),
    active: flag.optional(),
    customer: z.string().min(1).optional(),
    expires_at: int.optional(),
    max_redemptions: int.min(1).optional(),
    metadata,
    restrictions: z
      .object({ first_time_transaction: flag.optional(), minimum_amount: int.min(1).optional(), minimum_amount_currency: currency.optional() })
      .strict()
      .optional(),
  })
  .strict();

export const promotionCodeUpdateParams = z.object({ active: flag.optional(), metadata: metadataUpdate }).strict();

/** Checkout's `discounts`: at most one coupon or promotion code. */
export const sessionDiscountParams = z.array(z.object({ coupon: z.string().min(1).optional(), promotion_code: z.string().min(1).optional() }).strict()).max(1);
