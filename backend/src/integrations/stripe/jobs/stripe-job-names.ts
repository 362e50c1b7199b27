import type Stripe from 'stripe';

/**
 * The named job for each Stripe event type a module handles, in the '<module>.<verb>' form the
 * queues use (the type's own name, '.' and '_' as '-'). A module can register handlers only for a
 * type listed here, so every handled type has its job.
 */
export const STRIPE_JOB_NAMES = {
  'checkout.session.completed': 'stripe.checkout-session-completed',
  'checkout.session.async_payment_succeeded': 'stripe.checkout-session-async-payment-succeeded',
  'checkout.session.async_payment_failed': 'stripe.checkout-session-async-payment-failed',
  'checkout.session.expired': 'stripe.checkout-session-expired',
  'invoice.paid': 'stripe.invoice-paid',
  'invoice.payment_failed': 'stripe.invoice-payment-failed',
  'customer.subscription.created': 'stripe.customer-subscription-created',
  'customer.subscription.updated': 'stripe.customer-subscription-updated',
  'customer.subscription.deleted': 'stripe.customer-subscription-deleted',
  'customer.subscription.trial_will_end': 'stripe.customer-subscription-trial-will-end',
  'charge.refunded': 'stripe.charge-refunded',
  'charge.dispute.created': 'stripe.charge-dispute-created',
} as const satisfies Partial<Record<Stripe.Event.Type, `stripe.${string}`>>;

export type HandledStripeEventType = keyof typeof STRIPE_JOB_NAMES;

/** Every other type Stripe sends: its job records the event as ignored. */
export const IGNORED_STRIPE_EVENT_JOB = 'stripe.ignore-event';

export type StripeJobName = (typeof STRIPE_JOB_NAMES)[HandledStripeEventType] | typeof IGNORED_STRIPE_EVENT_JOB;

export function isHandledStripeEventType(type: string): type is HandledStripeEventType {
  return Object.hasOwn(STRIPE_JOB_NAMES, type);
}

/** The job an event of this type is queued as. */
export function stripeJobName(type: string): StripeJobName {
  return isHandledStripeEventType(type) ? STRIPE_JOB_NAMES[type] : IGNORED_STRIPE_EVENT_JOB;
}

const HANDLED_JOB_NAMES: ReadonlySet<string> = new Set(Object.values(STRIPE_JOB_NAMES));

/** Whether a job's name says which handlers to run (rather than the ignore job or an older, generic name). */
export function isHandledStripeJobName(name: string | undefined): name is (typeof STRIPE_JOB_NAMES)[HandledStripeEventType] {
  return name !== undefined && HANDLED_JOB_NAMES.has(name);
}
