/** The checkout module's public surface: other modules, the app and the CLI import only this. */
export { checkoutStreamId, PurchaseCompleted, PurchaseRefunded } from './checkout.events';
export { checkoutDecider, type SessionFacts } from './checkout.decider';
export { CheckoutService } from './checkout.service';
export { GrantFreeAccess } from './commands/grant-free-access.handler';
export { RevokeFreeAccess } from './commands/revoke-free-access.handler';
export { heldCheckoutRef, OpenHeldCheckout } from './commands/open-held-checkout.handler';
export { type ClosedUnpaid, type PaidPurchase, type PurchaseFollower, PurchaseFollowers, type TakenBack } from './purchase-followers';
export { checkoutStreamKinds } from './checkout.stream-kinds';
export { CheckoutDiscounts, type DiscountAsk, type DiscountQuote, type DiscountSource } from './checkout-discounts';
export { CheckoutModule } from './checkout.module';
export { CheckoutJobsModule } from './jobs/checkout-jobs.module';
export { checkoutEmailKinds } from './emails/checkout-email-kinds';
export { planTitle } from './emails/payment-emails';
export { paymentsReadModels } from './payments-read-models';
export type { PurchaseTables } from './projections/purchases.entities';
export type { PaymentsReadModels } from './payments-read-models';
export { purchaseEvents, type PurchaseEvent } from './checkout.events';
export { freeAccessDecider } from './free-access.decider';
export { renewalPaymentEvents, renewalPendingPayments } from './projections/renewal-pending-payments';
export {
  holdsFreeGrant,
  checkoutAccountLinks,
  readAccountPurchases,
  readAccountResources,
  readOpenPendingPayments,
  readPurchase,
  readPurchasersBy,
} from './purchases.reads';
export { freeAccessStreamId } from './free-access.decider';
