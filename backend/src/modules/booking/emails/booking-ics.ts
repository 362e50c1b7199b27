import type { EmailAttachment } from '../../email';
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

export function bookingIcs(invite: BookingInvite): string {
  const d = invite.details;
  const cancelled = invite.method === 'CANCEL';
  const description = [
    `${d.sessionTitle} with ${d.hostName} (${d.minutes} minutes).`,
    d.meetingUrl ? `Join: ${d.meetingUrl}` : `${d.hostName} will send you the link to join before the session.`,
    `Reschedule or cancel: ${invite.dashboardUrl}`,
  ].join('\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//SystemSculpt//Sessions//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${invite.method}`,
    'BEGIN:VEVENT',
    `UID:${invite.bookingId}@${ICS_UID_DOMAIN}`,
    `SEQUENCE:${invite.sequence}`,
    `DTSTAMP:${icsUtc(invite.stamp)}`,
    `DTSTART:${icsUtc(invite.start)}`,
    `DTEND:${icsUtc(invite.end)}`,
    `SUMMARY:${icsText(`${d.sessionTitle} with ${d.hostName}`)}`,
    `DESCRIPTION:${icsText(description)}`,
    ...(d.meetingUrl ? [`LOCATION:${icsText(d.meetingUrl)}`, `URL:${d.meetingUrl}`] : []),
    `ORGANIZER;CN=${icsParam('SystemSculpt')}:mailto:${invite.organizerEmail}`,
    // iTIP requires the attendee in a REQUEST and a CANCEL; they chose the time, so they accepted it.
    ...(d.customerEmail ? [`ATTENDEE;${d.customerName ? `CN=${icsParam(d.customerName)};` : ''}ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${d.customerEmail}`] : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    `TRANSP:${cancelled ? 'TRANSPARENT' : 'OPAQUE'}`,
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join('\r\n') + '\r\n';
}

/** The invite as an email attachment, typed with its method as RFC 6047 asks. */
export function bookingInviteAttachment(invite: BookingInvite): EmailAttachment {
  return {
    filename: invite.method === 'CANCEL' ? 'cancel.ics' : 'invite.ics',
    contentType: `text/calendar; charset=utf-8; method=${invite.method}`,
    content: bookingIcs(invite),
  };
}

/** A moment as a UTC DATE-TIME: 20261201T140000Z. */
export function icsUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a time: ${iso}`);
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
}

/** A TEXT value (RFC 5545 §3.3.11): backslash, semicolon and comma escaped, newlines as \n. */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r\n|\r|\n/g, '\\n');
}

/**
 * A parameter value (§3.2): quoted when it holds ':', ';' or ',', and without characters a
 * parameter cannot carry (double quotes and control characters; there is no escape for them).
 */
export function icsParam(value: string): string {
  const clean = value.replace(/["\u0000-\u001f\u007f]/g, '');
  return /[:;,]/.test(clean) ? `"${clean}"` : clean;
}

/**
 * Folds a content line to at most 75 octets per line (§3.1): the rest continues on lines that
 * start with one space. Counted in UTF-8 octets and never inside a character.
 */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}
