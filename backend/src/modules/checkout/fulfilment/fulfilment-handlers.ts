import type { CommandBus } from '@nestjs/cqrs';
import type { StripeEventHandlers } from '../../../integrations/stripe';
import { CloseUnpaidCheckout } from '../commands/close-unpaid-checkout.handler';
import { CompleteCheckout } from '../commands/complete-checkout.handler';
import { TakeBackPurchase } from '../commands/take-back-purchase.handler';

/**
 * Which Stripe event types fulfilment handles (subscriptions register their invoices' and their
 * own), and the command each becomes. Each handler reads the object its event names from Stripe's API and lets the stream's decider record only what is
 * new: any order, any number of deliveries, end in the same place.
 */
export function registerFulfilmentHandlers(handlers: StripeEventHandlers, commands: CommandBus): void {
  handlers.on('checkout.session.completed', (e) => commands.execute(new CompleteCheckout(e)));
  // A delayed payment that cleared: the session is now paid, handled as a completion.
  handlers.on('checkout.session.async_payment_succeeded', (e) => commands.execute(new CompleteCheckout(e)));
  handlers.on('checkout.session.async_payment_failed', (e) => commands.execute(new CloseUnpaidCheckout(e, 'payment_failed')));
  handlers.on('checkout.session.expired', (e) => commands.execute(new CloseUnpaidCheckout(e, 'expired')));
  handlers.on('charge.refunded', (e) => commands.execute(new TakeBackPurchase(e, 'refund')));
  handlers.on('charge.dispute.created', (e) => commands.execute(new TakeBackPurchase(e, 'dispute')));
}
