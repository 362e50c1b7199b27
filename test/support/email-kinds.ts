import { EmailKinds } from '../../backend/src/modules/email/email-kinds';
import { emailModuleKinds } from '../../backend/src/modules/email/emails/email-module-kinds';
import { authEmailKinds } from '../../backend/src/modules/auth/emails/auth-email-kinds';
import { bookingEmailKinds } from '../../backend/src/modules/booking/emails/booking-email-kinds';
import { checkoutEmailKinds } from '../../backend/src/modules/checkout/emails/checkout-email-kinds';
import { contactEmailKinds } from '../../backend/src/modules/contact/emails/contact-email-kinds';

/** Every email the site sends, added as the running site adds them (each module its own, the local sign-in auth's). */
export function everyEmailKind(): EmailKinds {
  return new EmailKinds().add(checkoutEmailKinds, bookingEmailKinds, contactEmailKinds, authEmailKinds, emailModuleKinds);
}
