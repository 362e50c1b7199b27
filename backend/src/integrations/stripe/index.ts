/** The Stripe integration's public surface: modules, the app and the CLI import only this. */
export { catalogPriceMismatch } from './catalog-price-check';
export { PriceBook } from './price-book';
export { StripeChargeTax } from './stripe-charge-tax';
export { StripeClient } from './stripe-client';
export { invoiceSubscriptionId, isoFromSeconds, ourMetadata, stripeIdOf, stripeObjectId, subscriptionPeriodEnd } from './stripe-facts';
export { RefusedStripeEvent } from './webhooks/refused-stripe-event';
export { StripeRecords } from './stripe-records';
export { StripeEventHandlers } from './webhooks/stripe-event-handlers';
export type { ReceivedStripeEvent } from './webhooks/stripe-webhook-log';
export { readStripeEventTypes } from './webhooks/stripe-event-types.reads';
export { StripeWebhookJobsModule } from './jobs/stripe-webhook-jobs.module';
export { StripeModule } from './stripe.module';
