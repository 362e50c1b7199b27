import { randomUUID } from 'node:crypto';
import { BookingCancelled, BookingRefusedSlotTaken, BookingRescheduled, SlotHeld } from '../../../backend/src/modules/booking/booking.events';
import { REMINDER_LEAD_MS, reminderJobId } from '../../../backend/src/modules/booking/jobs/booking-reminders';
import { SmtpTransport } from '../../../backend/src/modules/email/smtp-transport';
import { eventually } from '../../support/site-client';
import { startSmtpSink } from '../../support/smtp-sink';
import { at, booking, calendarLines, holdIds, HOUR, ics, ids, now, plusHour, useBookingEmailsHarness } from './support/booking-emails-harness';

/** The emails a booking's life sends: confirmed, moved, cancelled, refused; each with its calendar invite (or none). */
const harness = useBookingEmailsHarness('booking_lifecycle_emails');
const { confirmedBooking, append, outboxEmail } = harness;

describe('a confirmed booking', () => {
  it('emails the customer a confirmation with the calendar invite attached', async () => {
    const b = await confirmedBooking({ startsIn: 72 * HOUR });
    const email = await outboxEmail(b.email, 'booking-confirmation');
    expect(email.subject).toMatch(/^Booked: 1-on-1 Setup Session/);
    expect(email.text).toContain('Join: https://meet.example.com/sculpt-ada');
    expect(email.attachments).toHaveLength(1);
    const [invite] = email.attachments;
    expect(invite).toMatchObject({ filename: 'invite.ics', contentType: 'text/calendar; charset=utf-8; method=REQUEST' });
    expect(calendarLines(invite!)).toEqual(
      expect.arrayContaining(['METHOD:REQUEST', `UID:${b.bookingId}@systemsculpt.com`, 'SEQUENCE:0', `DTSTART:${ics(b.start)}`, 'STATUS:CONFIRMED']),
    );
  });

  it('shows the invite in the dev outbox, where it can be downloaded as sent', async () => {
    const b = await confirmedBooking({ startsIn: 72 * HOUR });
    const email = await outboxEmail(b.email, 'booking-confirmation');
    const list = await (await fetch(`${harness.api.url}/dev/outbox`)).text();
    expect(list).toContain(`<td>${b.email}</td><td><a href="/dev/outbox/messages/${email.id}">`);
    expect(list).toContain('📎 invite.ics');
    const page = await (await fetch(`${harness.api.url}/dev/outbox/messages/${email.id}`)).text();
    expect(page).toContain('Attachments (1)');
    expect(page).toContain('text/calendar; charset=utf-8; method=REQUEST');
    const download = await fetch(`${harness.api.url}/dev/outbox/messages/${email.id}/attachments/0`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="?invite\.ics"?$/);
    expect(await download.text()).toBe(email.attachments[0]!.content);
    expect((await fetch(`${harness.api.url}/dev/outbox/messages/${email.id}/attachments/1`)).status).toBe(404);
  });

  it('over SMTP, carries the invite as a text/calendar alternative that mail clients offer to add, and as a file', async () => {
    const b = await confirmedBooking({ startsIn: 72 * HOUR });
    const stored = await outboxEmail(b.email, 'booking-confirmation');
    const sink = await startSmtpSink();
    const smtp = new SmtpTransport(sink.url);
    try {
      await smtp.send({
        messageId: `<${randomUUID()}@test>`,
        kind: stored.kind,
        topic: stored.topic,
        from: 'SystemSculpt <hello@systemsculpt.test>',
        to: b.email,
        subject: stored.subject,
        html: '<p>hi</p>',
        text: stored.text,
        headers: {},
        attachments: stored.attachments,
      });
      const [mail] = await sink.waitFor(1);
      const parts = mail!.attachments.map((a) => ({
        contentType: a.contentType,
        method: a.headers.get('content-type') as { params?: Record<string, string> },
        filename: a.filename,
        content: a.content.toString('utf8'),
      }));
      expect(parts).toEqual([
        expect.objectContaining({
          contentType: 'text/calendar',
          method: expect.objectContaining({ params: expect.objectContaining({ method: 'REQUEST' }) }),
          content: stored.attachments[0]!.content,
        }),
        expect.objectContaining({ contentType: 'application/ics', filename: 'invite.ics', content: stored.attachments[0]!.content }),
      ]);
      expect(mail!.text).toContain('Join: https://meet.example.com/sculpt-ada');
    } finally {
      await smtp.close();
      await sink.close();
    }
  });
});

describe('a rescheduled booking', () => {
  it('emails the old and new time with the invite at SEQUENCE 1, and moves the reminder', async () => {
    const b = await confirmedBooking({ startsIn: 72 * HOUR });
    await eventually(
      () => harness.reminders.getJob(reminderJobId(b.bookingId, b.start)),
      (j) => j !== undefined,
    );
    const start = at(96 * HOUR);
    await append(
      b,
      BookingRescheduled({ ...ids(b), from: { start: b.start, end: b.end }, start, end: plusHour(start), details: b.details, sequence: 1, at: now() }),
    );

    const email = await outboxEmail(b.email, 'booking-rescheduled');
    expect(email.subject).toMatch(/^Moved: 1-on-1 Setup Session/);
    expect(email.text).toMatch(/New time: .*\nWas: /);
    expect(calendarLines(email.attachments[0]!)).toEqual(
      expect.arrayContaining(['METHOD:REQUEST', `UID:${b.bookingId}@systemsculpt.com`, 'SEQUENCE:1', `DTSTART:${ics(start)}`]),
    );

    const moved = await eventually(
      () => harness.reminders.getJob(reminderJobId(b.bookingId, start)),
      (j) => j !== undefined,
    );
    expect(await moved!.getState()).toBe('delayed');
    expect(Math.abs(moved!.timestamp + moved!.opts.delay! - (Date.parse(start) - REMINDER_LEAD_MS))).toBeLessThan(1_000);
    expect(await harness.reminders.getJob(reminderJobId(b.bookingId, b.start))).toBeUndefined();
  });
});

describe('a cancelled booking', () => {
  it('emails the cancellation with the refund and a METHOD:CANCEL update, and removes the reminder', async () => {
    const b = await confirmedBooking({ startsIn: 72 * HOUR });
    await eventually(
      () => harness.reminders.getJob(reminderJobId(b.bookingId, b.start)),
      (j) => j !== undefined,
    );
    await append(
      b,
      BookingCancelled({
        ...ids(b),
        start: b.start,
        end: b.end,
        details: b.details,
        paymentIntentId: null,
        by: 'customer',
        refund: 'full',
        refundCents: 9900,
        sequence: 1,
        at: now(),
      }),
    );

    const email = await outboxEmail(b.email, 'booking-cancellation');
    expect(email.text).toContain("We've refunded $99.00");
    expect(email.attachments[0]).toMatchObject({ filename: 'cancel.ics', contentType: 'text/calendar; charset=utf-8; method=CANCEL' });
    expect(calendarLines(email.attachments[0]!)).toEqual(
      expect.arrayContaining(['METHOD:CANCEL', `UID:${b.bookingId}@systemsculpt.com`, 'SEQUENCE:1', 'STATUS:CANCELLED']),
    );
    await eventually(
      () => harness.reminders.getJob(reminderJobId(b.bookingId, b.start)),
      (j) => j === undefined,
    );
  });
});

describe('a booking refused because its time was taken', () => {
  it('tells the customer the payment is refunded in full and where to pick another time, with no invite', async () => {
    const b = booking({ startsIn: 72 * HOUR });
    await append(b, SlotHeld({ ...holdIds(b), start: b.start, end: b.end, expiresAt: at(-HOUR), details: b.details, at: at(-2 * HOUR) }));
    await append(b, BookingRefusedSlotTaken({ ...ids(b), start: b.start, end: b.end, details: b.details, paymentIntentId: null, at: now() }));
    const email = await outboxEmail(b.email, 'booking-refused');
    expect(email.text).toContain('someone else booked');
    expect(email.text).toContain("We've refunded the full $99.00");
    expect(email.text).toContain('http://localhost:3000/sessions');
    expect(email.attachments).toEqual([]);
  });
});
