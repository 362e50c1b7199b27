import { emailTrigger, type EmailTrigger } from '../../email';
import { BookingCancelled, BookingConfirmed, BookingRefusedSlotTaken, BookingRescheduled, type SessionDetails } from '../booking.events';
import { bookingInviteAttachment, type BookingInvite } from './booking-ics';

/**
 * The emails a booking sends its customer: the confirmation, a new time and a cancellation each
 * with the calendar file for the same event (one UID, a rising SEQUENCE), and the apology when
 * the time was taken while the payment completed. A booking made without an email address sends
 * nothing. The reminder is not here: it is a delayed job (booking-reminders.ts).
 */
export function bookingEmailTriggers(siteUrl: string): EmailTrigger[] {
  const dashboardUrl = new URL('/dashboard?section=sessions', siteUrl).toString();
  const invite = (organizerEmail: string, fields: Omit<BookingInvite, 'organizerEmail' | 'dashboardUrl'>) =>
    bookingInviteAttachment({ ...fields, organizerEmail, dashboardUrl });
  return [
    emailTrigger({
      event: BookingConfirmed,
      kind: 'booking-confirmation',
      send: (d, _event, context) =>
        d.details.customerEmail
          ? {
              to: d.details.customerEmail,
              timeZone: d.details.customerTimeZone,
              data: sessionData(d.details, d.start),
              attachments: [
                invite(context.supportEmail, {
                  method: 'REQUEST',
                  bookingId: d.bookingId,
                  sequence: 0,
                  start: d.start,
                  end: d.end,
                  stamp: d.at,
                  details: d.details,
                }),
              ],
            }
          : null,
    }),
    emailTrigger({
      event: BookingRescheduled,
      kind: 'booking-rescheduled',
      send: (d, _event, context) =>
        d.details.customerEmail
          ? {
              to: d.details.customerEmail,
              timeZone: d.details.customerTimeZone,
              data: { ...sessionData(d.details, d.start), previousStartsAt: d.from.start },
              attachments: [
                invite(context.supportEmail, {
                  method: 'REQUEST',
                  bookingId: d.bookingId,
                  sequence: d.sequence,
                  start: d.start,
                  end: d.end,
                  stamp: d.at,
                  details: d.details,
                }),
              ],
            }
          : null,
    }),
    emailTrigger({
      event: BookingCancelled,
      kind: 'booking-cancellation',
      send: (d, _event, context) =>
        d.details.customerEmail
          ? {
              to: d.details.customerEmail,
              timeZone: d.details.customerTimeZone,
              data: { ...sessionData(d.details, d.start), refundCents: d.refundCents, currency: d.details.currency.toUpperCase(), by: d.by },
              attachments: [
                invite(context.supportEmail, {
                  method: 'CANCEL',
                  bookingId: d.bookingId,
                  sequence: d.sequence,
                  start: d.start,
                  end: d.end,
                  stamp: d.at,
                  details: d.details,
                }),
              ],
            }
          : null,
    }),
    emailTrigger({
      event: BookingRefusedSlotTaken,
      kind: 'booking-refused',
      send: (d) =>
        d.details.customerEmail
          ? {
              to: d.details.customerEmail,
              timeZone: d.details.customerTimeZone,
              data: { ...sessionData(d.details, d.start), amountCents: d.details.amountCents, currency: d.details.currency.toUpperCase() },
            }
          : null,
    }),
  ];
}

/** What every booking email shows about the session. */
export function sessionData(details: SessionDetails, startsAt: string) {
  return {
    name: details.customerName,
    sessionTitle: details.sessionTitle,
    startsAt,
    minutes: details.minutes,
    meetingUrl: details.meetingUrl,
    hostName: details.hostName,
  };
}
