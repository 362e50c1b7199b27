/** The subscriptions module's public surface: other modules, the app and the CLI import only this. */
export { LifetimeEndsSubscriptions } from './plans/lifetime-ends-subscriptions';
export { PlanChanges } from './plans/plan-changes';
export { SubscriptionPastDue, SubscriptionRenewed, subscriptionStreamId } from './subscriptions.events';
export { subscriptionStreamKinds } from './subscriptions.stream-kinds';
export { SubscriptionsModule } from './subscriptions.module';
// Last: the decider records checkout's pending-payment events, and checkout's module imports this
// index; loaded after everything above, whichever of the two modules loads first finds what it needs.
export { type InvoiceFacts, type SubscriptionCommand, subscriptionDecider, type SubscriptionSnapshot } from './subscriptions.decider';
export type { SubscriptionTables } from './projections/subscriptions.entities';
export type { SubscriptionInvoiceTables } from './projections/subscription-invoices.entities';
export type { SubscriptionEvent } from './subscriptions.events';
export { isSubscriptionRunning, readAccountSubscriptionIds, readStripeCustomerUsers } from './subscriptions.reads';
