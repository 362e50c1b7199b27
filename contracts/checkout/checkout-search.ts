import { z } from 'zod';

export const CHECKOUT_STATUSES = ['success', 'cancelled', 'error', 'configuration-error'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export const MAX_CHECKOUT_QUANTITY = 50;

/**
 * /checkout search params (spec §5): resourceId trimmed, 1–120 characters; quantity coerced to a whole
 * number from 1 to 50; a promotion code of up to 40 characters; status one of the four outcomes. A value that breaks its rule is dropped
 * (the page then asks for what it needs), never an error screen.
 */
export const checkoutSearchSchema = z.object({
  resourceId: z.string().trim().min(1).max(120).optional().catch(undefined),
  quantity: z.coerce.number().int().min(1).max(MAX_CHECKOUT_QUANTITY).optional().catch(undefined),
  status: z.enum(CHECKOUT_STATUSES).optional().catch(undefined),
  /** A promotion code, typed on the page or carried by a link (`?code=LAUNCH20`): checked by the server. */
  code: z.string().trim().min(1).max(40).optional().catch(undefined),
  /** With status=error after a form posted without JavaScript: the error's stable code. */
  reason: z
    .string()
    .regex(/^[A-Za-z_.]{1,60}$/)
    .optional()
    .catch(undefined),
});
export type CheckoutSearch = z.output<typeof checkoutSearchSchema>;
