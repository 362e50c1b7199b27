import { z } from 'zod';
import { defineEvent } from '../../../events/event-registry';

export const customerStreamId = (userId: string) => `customer-${userId}`;

/** The one Stripe customer of a user, made the first time they check out. */
export const StripeCustomerLinked = defineEvent({
  type: 'StripeCustomerLinked',
  schemaVersion: 1,
  schema: z.object({ userId: z.string(), customerId: z.string(), at: z.iso.datetime() }),
});

export type StripeCustomerEvent = ReturnType<typeof StripeCustomerLinked>;
