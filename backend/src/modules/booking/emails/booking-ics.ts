import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator';
import type { EmailAttachment } from '../../email/email-message';
import type { SessionDetails } from '../booking.events';

/**
 * One booking as an iCalendar invitation (RFC 5545, with iTIP's METHOD from RFC 5546). Every
 * version of a booking has the same UID and a higher SEQUENCE, so a calendar that got the first
 * invite moves (REQUEST) or removes (CANCEL) that same event instead of adding another.
 */
export interface BookingInvite {
  method: 'REQUEST' | 'CANCEL';
  bookingId: string;
  /** 0 on the first confirmation; each reschedule or the cancellation raises it. */
  sequence: number;
  start: string;
  end: string;
  /** When this version was made (the event's time), so a retried email carries the same file. */
  stamp: string;
  details: SessionDetails;
  organizerEmail: string;
  dashboardUrl: string;
}

export const ICS_UID_DOMAIN = 'systemsculpt.com';

/** The file, written by ical-generator: times in UTC, text escaped, lines folded at 75 octets. */
export function bookingIcs(invite: BookingInvite): string {
  const d = invite.details;
  const cancelled = invite.method === 'CANCEL';
  const calendar = ical({
    prodId: '//SystemSculpt//Sessions//EN',
    scale: 'GREGORIAN',
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  });
  calendar.createEvent({
    id: `${invite.bookingId}@${ICS_UID_DOMAIN}`,
    sequence: invite.sequence,
    stamp: invite.stamp,
    start: invite.start,
    end: invite.end,
    summary: `${d.sessionTitle} with ${d.hostName}`,
    description: [
      `${d.sessionTitle} with ${d.hostName} (${d.minutes} minutes).`,
      d.meetingUrl ? `Join: ${d.meetingUrl}` : `${d.hostName} will send you the link to join before the session.`,
      `Reschedule or cancel: ${invite.dashboardUrl}`,
    ].join('\n'),
    location: d.meetingUrl,
    url: d.meetingUrl ? uriValue(d.meetingUrl) : null,
    organizer: { name: 'SystemSculpt', email: invite.organizerEmail },
    // iTIP requires the attendee in a REQUEST and a CANCEL; they chose the time, so they accepted it.
    attendees: d.customerEmail
      ? [{ name: d.customerName, email: d.customerEmail, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED, rsvp: false }]
      : [],
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    transparency: cancelled ? ICalEventTransparency.TRANSPARENT : ICalEventTransparency.OPAQUE,
  });
  // RFC 5545 ends every content line with CRLF, the last one included.
  return `${calendar.toString()}\r\n`;
}

/** The invite as an email attachment, typed with its method as RFC 6047 asks. */
export function bookingInviteAttachment(invite: BookingInvite): EmailAttachment {
  return {
    filename: invite.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${invite.method}`,
    content: bookingIcs(invite),
  };
}

/**
 * ical-generator escapes URL values as TEXT (a comma becomes "\,"), which a URI value must not
 * carry (RFC 5545 §3.3.13); percent-encoding those characters gives the same link without them.
 */
const uriValue = (url: string) => url.replace(/[\\,;]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
