import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import {
  type ReceivedStripeEvent,
  invoiceSubscriptionId,
  RefusedStripeEvent,
  StripeChargeTax,
  StripeClient,
  stripeObjectId,
  StripeRecords,
} from '../../../integrations/stripe';
import { invoiceFacts } from './invoice-facts';
import { SyncSubscription } from './sync-subscription.handler';

/** Stripe's `invoice.paid` or `invoice.payment_failed`: what it says of the subscription's billing. */
export class RecordInvoice extends Command<void> {
  constructor(
    readonly event: ReceivedStripeEvent,
    readonly outcome: 'paid' | 'payment_failed',
  ) {
    super();
  }
}

/** Reads the invoice as Stripe has it now and records it on its subscription (with the subscription as it is). */
@CommandHandler(RecordInvoice)
export class RecordInvoiceHandler implements ICommandHandler<RecordInvoice, void> {
  private readonly records: StripeRecords;
  private readonly chargeTax: StripeChargeTax;

  constructor(
    stripe: StripeClient,
    private readonly commands: CommandBus,
  ) {
    this.records = new StripeRecords(stripe);
    this.chargeTax = new StripeChargeTax(stripe);
  }

  async execute({ event, outcome }: RecordInvoice): Promise<void> {
    const invoice = await this.records.invoice(stripeObjectId(event));
    if (outcome === 'paid' && invoice.status !== 'paid')
      throw new RefusedStripeEvent(`invoice ${invoice.id}: ${invoice.status ?? 'no status'} at Stripe, not paid`);
    const subscriptionId = invoiceSubscriptionId(invoice);
    if (!subscriptionId) return;
    if (outcome === 'paid') {
      const paid = invoiceFacts(invoice, await this.chargeTax.ofInvoice(invoice), await this.records.discountNames(invoice));
      return this.commands.execute(new SyncSubscription(subscriptionId, event, { type: 'RecordPaidInvoice', invoice: paid }));
    }
    // Paid since (a later attempt went through): there is no failure left to record.
    return this.commands.execute(
      new SyncSubscription(subscriptionId, event, invoice.status === 'paid' ? null : { type: 'RecordFailedInvoice', invoice: invoiceFacts(invoice, null) }),
    );
  }
}
