import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import { EventStore } from '../../../events/event-store';
import { stripeEventMetadata } from '../../../events/metadata-for';
import { type ReceivedStripeEvent, invoiceSubscriptionId, ourMetadata, StripeClient, stripeObjectId, StripeRecords } from '../../../integrations/stripe';
import { subscriptionDecider } from '../subscriptions.decider';
import { subscriptionStreamId } from '../subscriptions.events';

/** Stripe's `charge.refunded`: when the charge paid an invoice of a subscription, the refund is the subscription's to record. */
export class RecordInvoiceRefund extends Command<void> {
  constructor(readonly event: ReceivedStripeEvent) {
    super();
  }
}

/** A refund that arrives before its invoice is recorded as paid: thrown so the event is retried later. */
export class InvoiceNotYetPaidError extends Error {}

/**
 * Reads the charge as Stripe has it now, finds the subscription invoice it paid (none: a checkout's
 * payment, which checkout records) and records what has been refunded of it on the subscription's
 * stream. Delivered again, or out of order with a later refund, it records each amount once.
 */
@CommandHandler(RecordInvoiceRefund)
export class RecordInvoiceRefundHandler implements ICommandHandler<RecordInvoiceRefund, void> {
  private readonly records: StripeRecords;

  constructor(
    private readonly store: EventStore,
    stripe: StripeClient,
  ) {
    this.records = new StripeRecords(stripe);
  }

  async execute({ event }: RecordInvoiceRefund): Promise<void> {
    const charge = await this.records.charge(stripeObjectId(event));
    if (charge.amount_refunded <= 0) return;
    const invoiceId = await this.records.invoiceIdOfCharge(charge);
    if (!invoiceId) return;
    const invoice = await this.records.invoice(invoiceId);
    const subscriptionId = invoiceSubscriptionId(invoice);
    if (!subscriptionId) return;
    // The subscription's metadata as the invoice was finalised: one some other system made carries none of ours.
    const ours = ourMetadata(invoice.parent?.subscription_details?.metadata);
    if (!ours) return;
    const { state } = await runCommand({
      store: this.store,
      streamId: subscriptionStreamId(subscriptionId),
      decider: subscriptionDecider,
      command: {
        type: 'RecordInvoiceRefund',
        refund: {
          subscriptionId,
          invoiceId,
          billingReason: invoice.billing_reason ?? 'manual',
          checkoutRef: ours.checkoutRef,
          chargeId: charge.id,
          amountRefundedCents: charge.amount_refunded,
          currency: charge.currency,
          full: charge.refunded,
        },
        at: new Date().toISOString(),
      },
      metadata: stripeEventMetadata(event.id),
    });
    if (state.status === 'unknown' || !state.paidInvoices.includes(invoiceId))
      throw new InvoiceNotYetPaidError(`invoice ${invoiceId} of subscription ${subscriptionId} is not recorded as paid yet`);
  }
}
