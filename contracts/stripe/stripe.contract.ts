import { z } from 'zod';
import { defineServerFn } from '../server-fn';

export const STRIPE_EVENT_OUTCOMES = ['pending', 'failed', 'handled', 'ignored'] as const;

export const adminStripeEventSchema = z.object({
  stripeEventId: z.string(),
  type: z.string(),
  receivedAt: z.string(),
  deliveries: z.number().int(),
  attempts: z.number().int(),
  /** pending: kept, not handled yet. */
  outcome: z.enum(STRIPE_EVENT_OUTCOMES),
  lastError: z.string().nullable(),
  handledAt: z.string().nullable(),
});
export type AdminStripeEvent = z.infer<typeof adminStripeEventSchema>;

export const adminListStripeEvents = defineServerFn({
  id: 'adminListStripeEvents',
  method: 'GET',
  input: z.object({ outcome: z.enum(STRIPE_EVENT_OUTCOMES).optional(), limit: z.number().int().min(1).max(200).default(100) }).strict(),
  output: z.object({ events: z.array(adminStripeEventSchema), counts: z.record(z.enum(STRIPE_EVENT_OUTCOMES), z.number().int()) }),
  errors: ['FORBIDDEN'],
});

export const adminRedriveStripeEvent = defineServerFn({
  id: 'adminRedriveStripeEvent',
  method: 'POST',
  input: z
    .object({
      stripeEventId: z
        .string()
        .trim()
        .regex(/^evt_\w{1,100}$/, 'a Stripe event id such as evt_…'),
    })
    .strict(),
  output: z.object({ status: z.literal('queued') }),
  errors: ['FORBIDDEN', 'admin.owner_only', 'NOT_FOUND', 'stripe.event_handled', 'stripe.event_running'],
});
