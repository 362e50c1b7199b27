/** The subscriptions module's public surface: other modules, the app and the CLI import only this. */
export { PlanChanges } from './plans/plan-changes';
export {
  SubscriptionCancelled,
  SubscriptionInvoiceRefunded,
  SubscriptionPastDue,
  SubscriptionRenewed,
  SubscriptionTrialEnding,
  SubscriptionTrialRefused,
  subscriptionStreamId,
} from './subscriptions.events';
export { SyncSubscription } from './commands/sync-subscription.handler';
export { LinkStripeCustomer } from './commands/link-stripe-customer.handler';
export { customerStreamId, StripeCustomerLinked } from './customers/customer.events';
export { subscriptionStreamKinds } from './subscriptions.stream-kinds';
export { SubscriptionsModule } from './subscriptions.module';
export { subscriptionDecider } from './subscriptions.decider';
export type { SubscriptionTables } from './projections/subscriptions.entities';
export { paidInvoiceStatus, type SubscriptionInvoiceTables } from './projections/subscription-invoices.entities';
export type { SubscriptionEvent } from './subscriptions.events';
export { isSubscriptionRunning, readFirstInvoiceId, subscriptionAccountLinks, readStripeCustomerUsers } from './subscriptions.reads';
