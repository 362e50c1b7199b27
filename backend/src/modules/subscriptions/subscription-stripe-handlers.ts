import type { CommandBus } from '@nestjs/cqrs';
import { type StripeEventHandlers, stripeObjectId } from '../../integrations/stripe';
import { RecordInvoice } from './commands/record-invoice.handler';
import { RecordInvoiceRefund } from './commands/record-invoice-refund.handler';
import { SyncSubscription } from './commands/sync-subscription.handler';

/**
 * The Stripe event types a subscription follows, and the command each becomes. Each handler reads
 * the subscription (or invoice) as Stripe has it now and lets the decider record only what is
 * new: any order, any number of deliveries, end in the same place.
 */
export function registerSubscriptionHandlers(handlers: StripeEventHandlers, commands: CommandBus): void {
  handlers.on('invoice.paid', (e) => commands.execute(new RecordInvoice(e, 'paid')));
  handlers.on('invoice.payment_failed', (e) => commands.execute(new RecordInvoice(e, 'payment_failed')));
  // Checkout records refunds of its own payments from the same event; this one, those of subscription invoices.
  handlers.on('charge.refunded', (e) => commands.execute(new RecordInvoiceRefund(e)));
  for (const type of ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'] as const) {
    handlers.on(type, (e) => commands.execute(new SyncSubscription(stripeObjectId(e), e, null)));
  }
  handlers.on('customer.subscription.trial_will_end', (e) => commands.execute(new SyncSubscription(stripeObjectId(e), e, null, true)));
}
