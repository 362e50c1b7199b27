import type { CommandBus } from '@nestjs/cqrs';
import type { StripeEventHandlers } from '../../../integrations/stripe';
import { CloseUnpaidCheckout } from '../commands/close-unpaid-checkout.handler';
import { CompleteCheckout } from '../commands/complete-checkout.handler';
import { RecordInvoice } from '../commands/record-invoice.handler';
import { SyncSubscription } from '../commands/sync-subscription.handler';
import { TakeBackPurchase } from '../commands/take-back-purchase.handler';
import { objectId } from './stripe-event-facts';

/**
 * Which Stripe event types fulfilment handles, and the command each becomes. Each handler reads
 * the object its event names from Stripe's API and lets the stream's decider record only what is
 * new: any order, any number of deliveries, end in the same place.
 */
export function registerFulfilmentHandlers(handlers: StripeEventHandlers, commands: CommandBus): void {
  handlers.on('checkout.session.completed', (e) => commands.execute(new CompleteCheckout(e)));
  // A delayed payment that cleared: the session is now paid, handled as a completion.
  handlers.on('checkout.session.async_payment_succeeded', (e) => commands.execute(new CompleteCheckout(e)));
  handlers.on('checkout.session.async_payment_failed', (e) => commands.execute(new CloseUnpaidCheckout(e, 'payment_failed')));
  handlers.on('checkout.session.expired', (e) => commands.execute(new CloseUnpaidCheckout(e, 'expired')));
  handlers.on('invoice.paid', (e) => commands.execute(new RecordInvoice(e, 'paid')));
  handlers.on('invoice.payment_failed', (e) => commands.execute(new RecordInvoice(e, 'payment_failed')));
  for (const type of ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted'] as const) {
    handlers.on(type, (e) => commands.execute(new SyncSubscription(objectId(e), e, null)));
  }
  handlers.on('charge.refunded', (e) => commands.execute(new TakeBackPurchase(e, 'refund')));
  handlers.on('charge.dispute.created', (e) => commands.execute(new TakeBackPurchase(e, 'dispute')));
}
