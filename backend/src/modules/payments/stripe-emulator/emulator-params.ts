import { z } from 'zod';

/** Stripe's form encoding arrives as strings (qs-decoded); these read it the way Stripe does. */
const int = z.coerce.number().int();
const metadata = z.record(z.string(), z.string()).optional();
const email = z.string().max(512).optional();

export const customerParams = z.object({ email, name: z.string().max(256).optional(), metadata }).strict();

export const priceParams = z
  .object({
    currency: z.string().regex(/^[a-zA-Z]{3}$/),
    unit_amount: int.min(0),
    product: z.string().min(1),
    recurring: z.object({ interval: z.enum(['day', 'week', 'month', 'year']), interval_count: int.min(1).optional() }).strict().optional(),
    lookup_key: z.string().optional(),
    nickname: z.string().optional(),
    metadata,
  })
  .strict();

export const checkoutSessionParams = z
  .object({
    mode: z.enum(['payment', 'subscription']),
    success_url: z.url(),
    cancel_url: z.url().optional(),
    customer: z.string().optional(),
    customer_email: email,
    client_reference_id: z.string().max(200).optional(),
    metadata,
    expires_at: int.optional(),
    line_items: z.array(z.object({ price: z.string().min(1), quantity: int.min(1).max(999_999) }).strict()).min(1),
  })
  .strict();

/** `line_items[0][price]`, as Stripe names a parameter in its errors. */
export function stripeParamName(path: readonly PropertyKey[]): string {
  const [first, ...rest] = path.map(String);
  return `${first ?? ''}${rest.map((part) => `[${part}]`).join('')}`;
}
