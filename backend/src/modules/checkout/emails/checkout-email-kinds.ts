import { licenseKey } from './license-key.email';
import { pendingPaymentReminder } from './pending-payment-reminder.email';
import { planChangeReceipt } from './plan-change-receipt.email';
import { purchaseReceipt } from './purchase-receipt.email';
import { renewalFailed } from './renewal-failed.email';
import { seatInvitation } from './seat-invitation.email';
import { subscriptionRenewed } from './subscription-renewed.email';
import { trialEnding } from './trial-ending.email';
import { trialRefused } from './trial-refused.email';

/** The checkout module's emails by name; CheckoutModule adds them to EmailKinds. */
export const checkoutEmailKinds = {
  'purchase-receipt': purchaseReceipt,
  'license-key': licenseKey,
  'seat-invitation': seatInvitation,
  'subscription-renewed': subscriptionRenewed,
  'plan-change-receipt': planChangeReceipt,
  'renewal-failed': renewalFailed,
  'pending-payment-reminder': pendingPaymentReminder,
  'trial-ending': trialEnding,
  'trial-refused': trialRefused,
};
