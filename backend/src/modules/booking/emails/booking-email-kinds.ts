import { bookingCancellation } from './booking-cancellation.email';
import { bookingConfirmation } from './booking-confirmation.email';
import { bookingRefused } from './booking-refused.email';
import { bookingReminder } from './booking-reminder.email';
import { bookingRescheduled } from './booking-rescheduled.email';

/** The booking module's emails by name; BookingModule adds them to EmailKinds. */
export const bookingEmailKinds = {
  'booking-confirmation': bookingConfirmation,
  'booking-rescheduled': bookingRescheduled,
  'booking-reminder': bookingReminder,
  'booking-cancellation': bookingCancellation,
  'booking-refused': bookingRefused,
};
