/* eslint-disable local/module-boundaries -- the catalogue of every email by name reads each sending module's emails/ folder directly: through their index.ts it would be a require cycle (module → email → module). */
import { signInCode } from '../auth/emails/sign-in-code.email';
import { bookingCancellation } from '../booking/emails/booking-cancellation.email';
import { bookingConfirmation } from '../booking/emails/booking-confirmation.email';
import { bookingRefused } from '../booking/emails/booking-refused.email';
import { bookingReminder } from '../booking/emails/booking-reminder.email';
import { bookingRescheduled } from '../booking/emails/booking-rescheduled.email';
import { contactAcknowledgement } from '../contact/emails/contact-acknowledgement.email';
import { supportContactCopy } from '../contact/emails/support-contact-copy.email';
import { licenseKey } from '../checkout/emails/license-key.email';
import { pendingPaymentReminder } from '../checkout/emails/pending-payment-reminder.email';
import { purchaseReceipt } from '../checkout/emails/purchase-receipt.email';
import { renewalFailed } from '../checkout/emails/renewal-failed.email';
import { seatInvitation } from '../checkout/emails/seat-invitation.email';
import { subscriptionRenewed } from '../checkout/emails/subscription-renewed.email';
import { manageEmailLink } from './emails/manage-email-link.email';
import { newsletter } from './emails/newsletter.email';
import { productUpdate } from './emails/product-update.email';
import { tipsAndOffers } from './emails/tips-and-offers.email';

export { EMAIL_TOPICS, type EmailTopic } from '../../../../contracts/preferences/email-topics';
export type { EmailKind, RenderContext } from '../../platform/email-templates/email-definition';

/**
 * Every email the site sends, by name. Each is a React component in the `emails/` folder of the
 * module that sends it (its topic, sample data, subject and content); the trigger lives with the event.
 */
export const emailKinds = {
  'purchase-receipt': purchaseReceipt,
  'license-key': licenseKey,
  'seat-invitation': seatInvitation,
  'subscription-renewed': subscriptionRenewed,
  'renewal-failed': renewalFailed,
  'pending-payment-reminder': pendingPaymentReminder,
  'booking-confirmation': bookingConfirmation,
  'booking-rescheduled': bookingRescheduled,
  'booking-reminder': bookingReminder,
  'booking-cancellation': bookingCancellation,
  'booking-refused': bookingRefused,
  'contact-acknowledgement': contactAcknowledgement,
  'support-contact-copy': supportContactCopy,
  'sign-in-code': signInCode,
  'manage-email-link': manageEmailLink,
  'product-update': productUpdate,
  newsletter,
  'tips-and-offers': tipsAndOffers,
};

export type EmailKindName = keyof typeof emailKinds;
export type EmailData<K extends EmailKindName> = (typeof emailKinds)[K]['sample'];
