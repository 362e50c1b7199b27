import type Stripe from 'stripe';
import { ourMetadata, stripeIdOf } from '../../../integrations/stripe';
import { discountFromMetadata } from '../../../../../contracts/promotions/discount-metadata';
import type { SessionFacts } from '../checkout.decider';

/** What a Checkout Session says for its checkout; null for a session some other system made. */
export function sessionFacts(session: Stripe.Checkout.Session): SessionFacts | null {
  const ours = ourMetadata(session.metadata);
  if (!ours) return null;
  return {
    ...ours,
    checkoutSessionId: session.id,
    email: session.customer_details?.email ?? ours.email,
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    mode: session.mode === 'subscription' ? 'subscription' : 'payment',
    paymentStatus: session.payment_status === 'paid' ? 'paid' : session.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
    customerId: stripeIdOf(session.customer),
    paymentIntentId: stripeIdOf(session.payment_intent),
    subscriptionId: stripeIdOf(session.subscription),
    discount: discountFromMetadata({ ...session.metadata }, session.total_details?.amount_discount ?? 0),
  };
}
