import type { StripeEventHandlers } from '../../../integrations/stripe';
import type { Fulfilment } from './fulfilment';

/** Which Stripe event types fulfilment handles, and how. */
export function registerFulfilmentHandlers(handlers: StripeEventHandlers, fulfilment: Fulfilment): void {
  handlers.on('checkout.session.completed', (e) => fulfilment.checkoutCompleted(e));
  // A delayed payment that cleared: the session is now paid, handled as a completion.
  handlers.on('checkout.session.async_payment_succeeded', (e) => fulfilment.checkoutCompleted(e));
  handlers.on('checkout.session.async_payment_failed', (e) => fulfilment.asyncPaymentFailed(e));
  handlers.on('checkout.session.expired', (e) => fulfilment.checkoutExpired(e));
  handlers.on('invoice.paid', (e) => fulfilment.invoicePaid(e));
  handlers.on('invoice.payment_failed', (e) => fulfilment.invoicePaymentFailed(e));
  for (const type of ['customer.subscription.created', 'customer.subscription.updated', 'customer.subscription.deleted']) {
    handlers.on(type, (e) => fulfilment.subscriptionChanged(e));
  }
  handlers.on('charge.refunded', (e) => fulfilment.chargeRefunded(e));
  handlers.on('charge.dispute.created', (e) => fulfilment.disputeCreated(e));
}
