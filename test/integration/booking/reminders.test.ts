import { BookingCancelled, BookingRescheduled } from '../../../backend/src/modules/booking/booking.events';
import { REMINDER_LEAD_MS, reminderJobId } from '../../../backend/src/modules/booking/jobs/booking-reminders';
import { BookingRemindersProcessor } from '../../../backend/src/modules/booking/jobs/booking-reminders.processor';
import { BookingRemindersSweeper } from '../../../backend/src/modules/booking/jobs/booking-reminders.sweeper';
import { eventually } from '../../support/site-client';
import { at, HOUR, ids, now, plusHour, useBookingEmailsHarness } from './support/booking-emails-harness';

/** The reminder a confirmed booking gets a day ahead: scheduled, sent, skipped when stale, and swept back when Redis lost it. */
const harness = useBookingEmailsHarness('booking_reminders');
const { confirmedBooking, append, confirmationOf, outboxEmail, bookingRow, expectReactorPast } = harness;

describe('a confirmed booking', () => {
  it('schedules its reminder for 24 hours before the start', async () => {
    const b = await confirmedBooking({ startsIn: 72 * HOUR });
    const job = await eventually(
      () => harness.reminders.getJob(reminderJobId(b.bookingId, b.start)),
      (j) => j !== undefined,
    );
    expect(await job!.getState()).toBe('delayed');
    // It carries the confirmation as its cause, for the reminder email to record.
    const confirmed = await confirmationOf(b);
    expect(job!.data).toEqual({
      bookingId: b.bookingId,
      start: b.start,
      cause: { correlationId: confirmed.correlationId, causationId: confirmed.causationId },
    });
    expect(Math.abs(job!.timestamp + job!.opts.delay! - (Date.parse(b.start) - REMINDER_LEAD_MS))).toBeLessThan(1_000);
  });

  it('gets no reminder when it starts within 24 hours', async () => {
    const b = await confirmedBooking({ startsIn: 20 * HOUR });
    await outboxEmail(b.email, 'booking-confirmation');
    await expectReactorPast(b);
    expect(await harness.reminders.getJob(reminderJobId(b.bookingId, b.start))).toBeUndefined();
  });
});

describe('the reminder', () => {
  it('goes out 24 hours before the start, as topic mail with a way to stop it', async () => {
    const b = await confirmedBooking({ startsIn: REMINDER_LEAD_MS + 3_000 });
    const email = await outboxEmail(b.email, 'booking-reminder', 20_000);
    expect(email.subject).toBe('Tomorrow: 1-on-1 Setup Session (60 min)');
    expect(email.topic).toBe('session_reminders');
    expect(email.headers['List-Unsubscribe']).toContain('topic=session_reminders');
    // Its delivery names the confirmation that scheduled it, in the confirmation's chain.
    const delivery = await eventually(
      async () =>
        (
          await harness.pool.query<{ causation_id: string | null; correlation_id: string | null }>(
            `select causation_id, correlation_id from email_deliveries where to_address = $1 and kind = 'booking-reminder'`,
            [b.email],
          )
        ).rows[0],
      (row) => row !== undefined,
    );
    const confirmed = await confirmationOf(b);
    expect(delivery).toEqual({ causation_id: confirmed.causationId, correlation_id: confirmed.correlationId });
  }, 30_000);

  it('sends nothing for a booking moved or cancelled since the job was made', async () => {
    const processor = harness.worker.get(BookingRemindersProcessor);
    const moved = await confirmedBooking({ startsIn: 72 * HOUR });
    const newStart = at(96 * HOUR);
    await append(
      moved,
      BookingRescheduled({
        ...ids(moved),
        from: { start: moved.start, end: moved.end },
        start: newStart,
        end: plusHour(newStart),
        details: moved.details,
        sequence: 1,
        at: now(),
      }),
    );
    const cancelled = await confirmedBooking({ startsIn: 72 * HOUR });
    await append(
      cancelled,
      BookingCancelled({
        ...ids(cancelled),
        start: cancelled.start,
        end: cancelled.end,
        details: cancelled.details,
        paymentIntentId: null,
        by: 'host',
        refund: 'full',
        refundCents: 9900,
        sequence: 1,
        at: now(),
      }),
    );
    await eventually(
      () => bookingRow(cancelled.bookingId),
      (row) => row?.status === 'cancelled',
    );
    await eventually(
      () => bookingRow(moved.bookingId),
      (row) => row?.start_at.toISOString() === newStart,
    );

    expect(await processor.remind({ bookingId: moved.bookingId, start: moved.start }, new Date())).toBe('moved');
    expect(await processor.remind({ bookingId: cancelled.bookingId, start: cancelled.start }, new Date())).toBe('not-confirmed');
  });

  it('is scheduled again by the sweeper after Redis lost it', async () => {
    const b = await confirmedBooking({ startsIn: 72 * HOUR });
    const id = reminderJobId(b.bookingId, b.start);
    await eventually(
      () => harness.reminders.getJob(id),
      (j) => j !== undefined,
    );
    await eventually(
      () => bookingRow(b.bookingId),
      (row) => row?.status === 'confirmed',
    );
    await harness.reminders.remove(id);

    expect(await harness.worker.get(BookingRemindersSweeper).sweep()).toBeGreaterThanOrEqual(1);
    const again = await harness.reminders.getJob(id);
    expect(await again!.getState()).toBe('delayed');
    expect(Math.abs(again!.timestamp + again!.opts.delay! - (Date.parse(b.start) - REMINDER_LEAD_MS))).toBeLessThan(1_000);
  });
});
