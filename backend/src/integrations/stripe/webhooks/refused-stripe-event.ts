/**
 * A Stripe event that must not be acted on, because what Stripe itself holds does not back it (an
 * object Stripe does not know, an amount that is not the price). Handling it again would refuse it
 * again, so it is recorded as failed with this reason and never retried.
 */
export class RefusedStripeEvent extends Error {
  override readonly name = 'RefusedStripeEvent';
}
