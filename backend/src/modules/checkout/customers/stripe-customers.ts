import type { EventStore } from '../../../events/event-store';
import { StreamVersionConflictError } from '../../../events/event-store.errors';
import type { StripeClient } from '../../../integrations/stripe';
import { customerStreamId, StripeCustomerLinked } from './customer.events';

/**
 * A user's Stripe customer, created once: the create call's idempotency key is the user's, so two
 * checkouts started at once get the same customer, and the link is recorded once.
 */
export class StripeCustomers {
  constructor(
    private readonly store: EventStore,
    private readonly stripe: StripeClient,
  ) {}

  async existing(userId: string): Promise<string | null> {
    const [linked] = await this.store.readStream(customerStreamId(userId));
    return linked ? (linked.data as { customerId: string }).customerId : null;
  }

  async forUser(user: { userId: string; email: string | null; name: string }, correlationId: string): Promise<string> {
    const known = await this.existing(user.userId);
    if (known) return known;
    const customer = await this.stripe.api.customers.create(
      { email: user.email ?? undefined, name: user.name, metadata: { userId: user.userId } },
      { idempotencyKey: `customer-${user.userId}` },
    );
    try {
      await this.store.append(
        customerStreamId(user.userId),
        'no-stream',
        [StripeCustomerLinked({ userId: user.userId, customerId: customer.id, at: new Date().toISOString() })],
        {
          correlationId,
          causationId: null,
          actor: { kind: 'user', userId: user.userId },
        },
      );
    } catch (error) {
      if (!(error instanceof StreamVersionConflictError)) throw error;
    }
    return (await this.existing(user.userId)) ?? customer.id;
  }
}
