import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import { EventStore } from '../../../events/event-store';
import { type ReceivedStripeEvent, ourMetadata, RefusedStripeEvent, StripeClient, StripeRecords } from '../../../integrations/stripe';
import { checkoutDecider } from '../checkout.decider';
import { checkoutStreamId } from '../checkout.events';
import { metadataFor, objectId } from '../fulfilment/stripe-event-facts';
import { PurchaseFollowers } from '../purchase-followers';

/** Stripe's `checkout.session.expired` or `checkout.session.async_payment_failed`: the checkout ends unpaid. */
export class CloseUnpaidCheckout extends Command<void> {
  constructor(
    readonly event: ReceivedStripeEvent,
    readonly reason: 'expired' | 'payment_failed',
  ) {
    super();
  }
}

/** Checks the Stripe checkout is as the event says at Stripe, closes the checkout, and tells the modules that opened one. */
@CommandHandler(CloseUnpaidCheckout)
export class CloseUnpaidCheckoutHandler implements ICommandHandler<CloseUnpaidCheckout, void> {
  private readonly records: StripeRecords;

  constructor(
    private readonly store: EventStore,
    stripe: StripeClient,
    private readonly followers: PurchaseFollowers,
  ) {
    this.records = new StripeRecords(stripe);
  }

  async execute({ event, reason }: CloseUnpaidCheckout): Promise<void> {
    const stripeCheckout = await this.records.checkoutSession(objectId(event));
    const stripeMetadata = { ...stripeCheckout.metadata };
    const ours = ourMetadata(stripeMetadata);
    if (!ours) return;
    if (reason === 'payment_failed' && stripeCheckout.payment_status === 'paid')
      throw new RefusedStripeEvent(`checkout session ${stripeCheckout.id}: paid at Stripe, its payment did not fail`);
    if (reason === 'expired' && stripeCheckout.status !== 'expired')
      throw new RefusedStripeEvent(`checkout session ${stripeCheckout.id}: ${stripeCheckout.status ?? 'no status'} at Stripe, not expired`);
    const at = new Date().toISOString();
    await runCommand({
      store: this.store,
      streamId: checkoutStreamId(ours.checkoutRef),
      decider: checkoutDecider,
      command: { type: reason === 'payment_failed' ? 'FailAsyncPayment' : 'ExpireCheckout', checkoutRef: ours.checkoutRef, userId: ours.userId, at },
      metadata: metadataFor(event),
    });
    await this.followers.closedUnpaid({ checkoutRef: ours.checkoutRef, userId: ours.userId, reason, stripeMetadata }, metadataFor(event));
  }
}
