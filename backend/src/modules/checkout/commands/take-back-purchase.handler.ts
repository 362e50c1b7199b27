import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import { EventStore } from '../../../events/event-store';
import { type ReceivedStripeEvent, StripeClient, stripeIdOf, StripeRecords } from '../../../integrations/stripe';
import { CatalogQueries } from '../../catalog';
import { licenseIdFor, RevokeLicense } from '../../licenses';
import { checkoutDecider, type CheckoutCommand } from '../checkout.decider';
import { checkoutStreamId } from '../checkout.events';
import { metadataFor, NotYetError, objectId, paymentIntentMetadata } from '../fulfilment/stripe-event-facts';
import { PurchaseFollowers } from '../purchase-followers';

/** Stripe's `charge.refunded` or `charge.dispute.created`: a payment taken back, in full or in part. */
export class TakeBackPurchase extends Command<void> {
  constructor(
    readonly event: ReceivedStripeEvent,
    readonly reason: 'refund' | 'dispute',
  ) {
    super();
  }
}

/**
 * Reads the charge or dispute as Stripe has it, records it on the purchase it paid for, then
 * revokes the purchase's license and tells the modules that follow purchases. A refund or dispute
 * that arrives before its purchase is retried later.
 */
@CommandHandler(TakeBackPurchase)
export class TakeBackPurchaseHandler implements ICommandHandler<TakeBackPurchase, void> {
  private readonly records: StripeRecords;

  constructor(
    private readonly store: EventStore,
    stripe: StripeClient,
    private readonly catalog: CatalogQueries,
    private readonly commands: CommandBus,
    private readonly followers: PurchaseFollowers,
  ) {
    this.records = new StripeRecords(stripe);
  }

  async execute({ event, reason }: TakeBackPurchase): Promise<void> {
    const taken = reason === 'refund' ? await this.refund(event) : await this.dispute(event);
    if (!taken) return;
    const { ours, command } = taken;
    const { state } = await runCommand({
      store: this.store,
      streamId: checkoutStreamId(ours.checkoutRef),
      decider: checkoutDecider,
      command,
      metadata: metadataFor(event),
    });
    if (state.status !== 'purchased') throw new NotYetError(`the purchase ${ours.checkoutRef} is not recorded yet`);
    if (reason === 'refund' && !state.refunded) return;
    await this.commands.execute(new RevokeLicense(licenseIdFor(`checkout:${ours.checkoutRef}`), reason, new Date().toISOString(), metadataFor(event)));
    await this.followers.takenBack(
      {
        checkoutRef: ours.checkoutRef,
        userId: ours.userId,
        resource: (await this.catalog.findByIdOrSlug(ours.resourceId)) ?? null,
        reason,
        stripeMetadata: ours.raw,
      },
      metadataFor(event),
    );
  }

  private async refund(event: ReceivedStripeEvent) {
    const charge = await this.records.charge(objectId(event));
    const ours = await paymentIntentMetadata(this.records, stripeIdOf(charge.payment_intent));
    if (!ours) return null;
    const command: CheckoutCommand = {
      type: 'RefundPurchase',
      chargeId: charge.id,
      amountRefundedCents: charge.amount_refunded,
      full: charge.refunded,
      at: new Date().toISOString(),
    };
    return { ours, command };
  }

  private async dispute(event: ReceivedStripeEvent) {
    const dispute = await this.records.dispute(objectId(event));
    const ours = await paymentIntentMetadata(this.records, stripeIdOf(dispute.payment_intent));
    if (!ours) return null;
    const command: CheckoutCommand = { type: 'DisputePurchase', disputeId: dispute.id, reason: dispute.reason, at: new Date().toISOString() };
    return { ours, command };
  }
}
