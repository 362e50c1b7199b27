import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { fold } from '../../../events/decider';
import { runCommand } from '../../../events/command-runner';
import { EventStore } from '../../../events/event-store';
import { requestMetadata } from '../../../events/metadata-for';
import { StripeClient } from '../../../integrations/stripe';
import { customerStreamId } from '../customers/customer.events';
import { stripeCustomerDecider } from '../customers/stripe-customer.decider';

export class LinkStripeCustomer extends Command<string> {
  constructor(
    readonly user: { userId: string; email: string | null; name: string },
    readonly correlationId: string,
  ) {
    super();
  }
}

/**
 * A user's Stripe customer id, created once: the create call's idempotency key is the user's, so
 * two checkouts started at once get the same customer, and the link is recorded once.
 */
@CommandHandler(LinkStripeCustomer)
export class LinkStripeCustomerHandler implements ICommandHandler<LinkStripeCustomer, string> {
  constructor(
    private readonly store: EventStore,
    private readonly stripe: StripeClient,
  ) {}

  async execute({ user, correlationId }: LinkStripeCustomer): Promise<string> {
    const streamId = customerStreamId(user.userId);
    const known = fold(stripeCustomerDecider, await this.store.readStream(streamId, stripeCustomerDecider.events)).customerId;
    if (known) return known;
    const customer = await this.stripe.api.customers.create(
      { email: user.email ?? undefined, name: user.name, metadata: { userId: user.userId } },
      { idempotencyKey: `customer-${user.userId}` },
    );
    const outcome = await runCommand({
      store: this.store,
      streamId,
      decider: stripeCustomerDecider,
      command: { type: 'LinkStripeCustomer', userId: user.userId, customerId: customer.id, at: new Date().toISOString() },
      metadata: requestMetadata(correlationId, { kind: 'user', userId: user.userId }),
    });
    return outcome.state.customerId ?? customer.id;
  }
}
