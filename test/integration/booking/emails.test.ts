import { randomUUID } from 'node:crypto';
import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import type { Pool } from 'pg';
import { WorkerModule } from '../../../backend/src/app.module';
import { prepareDatabase } from '../../../backend/src/prepare-database';
import type { AppConfig } from '../../../backend/src/platform/config/config.schema';
import { EventRegistry, type NewEvent } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import {
  BookingCancelled,
  BookingConfirmed,
  BookingRefusedSlotTaken,
  BookingRescheduled,
  bookingEvents,
  hostCalendarStreamId,
  SlotHeld,
  type SessionDetails,
} from '../../../backend/src/modules/booking/booking.events';
import { BOOKING_REMINDER_QUEUE, REMINDER_LEAD_MS, reminderJobId, type BookingReminderJob } from '../../../backend/src/modules/booking/jobs/booking-reminders';
import { BookingRemindersJobsModule } from '../../../backend/src/modules/booking/jobs/booking-reminders-jobs.module';
import { BookingRemindersProcessor } from '../../../backend/src/modules/booking/jobs/booking-reminders.processor';
import { BookingRemindersSweeper } from '../../../backend/src/modules/booking/jobs/booking-reminders.sweeper';
import { EMAIL_QUEUE } from '../../../backend/src/modules/email/jobs/email-job';
import type { EmailAttachment } from '../../../backend/src/modules/email/email-message';
import { SmtpTransport } from '../../../backend/src/modules/email/smtp-transport';
import { eventually } from '../../support/site-client';
import { startSmtpSink } from '../../support/smtp-sink';
import { startTestApi, type TestApi } from '../../support/test-api';
import { testConfig } from '../../support/test-config';
import { createTestDatabase, dropTestDatabase, uniqueQueuePrefix } from '../../support/test-database';
import { metadata, testPool } from '../../support/test-events';

/** The worker as production runs it, with the reminders' processor and sweeper beside it. */
@Module({})
class WorkerWithReminders {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerWithReminders, imports: [WorkerModule.forRoot(config), BookingRemindersJobsModule] };
  }
}

const HOUR = 3600_000;
const prefix = uniqueQueuePrefix('booking_emails');
const connection = { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', maxRetriesPerRequest: null };

let databaseUrl: string;
let pool: Pool;
let store: EventStore;
let worker: INestApplicationContext;
let api: TestApi;
let reminders: Queue<BookingReminderJob>;

// A database of its own, so this worker's projectors (and no other test's) see these events.
beforeAll(async () => {
  databaseUrl = await createTestDatabase('booking_emails');
  await prepareDatabase({ DATABASE_URL: databaseUrl });
  const env = { DATABASE_URL: databaseUrl, QUEUE_PREFIX: prefix, REDIS_URL: connection.url };
  worker = await NestFactory.createApplicationContext(WorkerWithReminders.forRoot(testConfig(env)), { logger: ['error'] });
  worker.enableShutdownHooks();
  await worker.init();
  api = await startTestApi({ env });
  pool = testPool(4, databaseUrl);
  store = new EventStore(pool, new EventRegistry().register(...bookingEvents));
  reminders = new Queue<BookingReminderJob>(BOOKING_REMINDER_QUEUE, { connection, prefix });
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await api?.close();
  await pool?.end();
  for (const name of [BOOKING_REMINDER_QUEUE, EMAIL_QUEUE]) {
    const queue = new Queue(name, { connection, prefix });
    await queue.obliterate({ force: true });
    await queue.close();
  }
  await reminders?.close();
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

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
    const list = await (await fetch(`${api.url}/dev/outbox`)).text();
    expect(list).toContain(`<td>${b.email}</td><td><a href="/dev/outbox/messages/${email.id}">`);
    expect(list).toContain('📎 invite.ics');
    const page = await (await fetch(`${api.url}/dev/outbox/messages/${email.id}`)).text();
    expect(page).toContain('Attachments (1)');
    expect(page).toContain('text/calendar; charset=utf-8; method=REQUEST');
    const download = await fetch(`${api.url}/dev/outbox/messages/${email.id}/attachments/0`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toMatch(/^text\/calendar/);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment; filename="?invite\.ics"?$/);
    expect(await download.text()).toBe(email.attachments[0]!.content);
    expect((await fetch(`${api.url}/dev/outbox/messages/${email.id}/attachments/1`)).status).toBe(404);
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

  it('schedules its reminder for 24 hours before the start', async () => {
    const b = await confirmedBooking({ startsIn: 72 * HOUR });
    const job = await eventually(
      () => reminders.getJob(reminderJobId(b.bookingId, b.start)),
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
    expect(await reminders.getJob(reminderJobId(b.bookingId, b.start))).toBeUndefined();
  });
});

describe('a rescheduled booking', () => {
  it('emails the old and new time with the invite at SEQUENCE 1, and moves the reminder', async () => {
    const b = await confirmedBooking({ startsIn: 72 * HOUR });
    await eventually(
      () => reminders.getJob(reminderJobId(b.bookingId, b.start)),
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
      () => reminders.getJob(reminderJobId(b.bookingId, start)),
      (j) => j !== undefined,
    );
    expect(await moved!.getState()).toBe('delayed');
    expect(Math.abs(moved!.timestamp + moved!.opts.delay! - (Date.parse(start) - REMINDER_LEAD_MS))).toBeLessThan(1_000);
    expect(await reminders.getJob(reminderJobId(b.bookingId, b.start))).toBeUndefined();
  });
});

describe('a cancelled booking', () => {
  it('emails the cancellation with the refund and a METHOD:CANCEL update, and removes the reminder', async () => {
    const b = await confirmedBooking({ startsIn: 72 * HOUR });
    await eventually(
      () => reminders.getJob(reminderJobId(b.bookingId, b.start)),
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
      () => reminders.getJob(reminderJobId(b.bookingId, b.start)),
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
          await pool.query<{ causation_id: string | null; correlation_id: string | null }>(
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
    const processor = worker.get(BookingRemindersProcessor);
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
      () => reminders.getJob(id),
      (j) => j !== undefined,
    );
    await eventually(
      () => bookingRow(b.bookingId),
      (row) => row?.status === 'confirmed',
    );
    await reminders.remove(id);

    expect(await worker.get(BookingRemindersSweeper).sweep()).toBeGreaterThanOrEqual(1);
    const again = await reminders.getJob(id);
    expect(await again!.getState()).toBe('delayed');
    expect(Math.abs(again!.timestamp + again!.opts.delay! - (Date.parse(b.start) - REMINDER_LEAD_MS))).toBeLessThan(1_000);
  });
});

interface TestBooking {
  bookingId: string;
  hostUserId: string;
  customerUserId: string;
  email: string;
  start: string;
  end: string;
  details: SessionDetails;
}

interface OutboxEmail {
  id: string;
  kind: string;
  topic: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
  attachments: EmailAttachment[];
}

const now = () => new Date().toISOString();
const at = (fromNowMs: number) => new Date(Math.floor((Date.now() + fromNowMs) / 1000) * 1000).toISOString();
const plusHour = (iso: string) => new Date(Date.parse(iso) + HOUR).toISOString();
const ics = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
const calendarLines = (attachment: EmailAttachment) => attachment.content.replace(/\r\n /g, '').split('\r\n');
const ids = (b: TestBooking) => ({ hostUserId: b.hostUserId, bookingId: b.bookingId, customerUserId: b.customerUserId });
const holdIds = (b: TestBooking) => ({ hostUserId: b.hostUserId, holdId: b.bookingId, customerUserId: b.customerUserId });

function booking({ startsIn }: { startsIn: number }): TestBooking {
  const email = `customer-${randomUUID()}@example.com`;
  const start = at(startsIn);
  return {
    bookingId: `bk_${randomUUID().replace(/-/g, '').slice(0, 16)}`,
    hostUserId: `host_${randomUUID()}`,
    customerUserId: `user_${randomUUID()}`,
    email,
    start,
    end: plusHour(start),
    details: {
      sessionTypeId: 'setup-session-60',
      sessionTitle: '1-on-1 Setup Session (60 min)',
      minutes: 60,
      hostName: 'Mike',
      meetingUrl: 'https://meet.example.com/sculpt-ada',
      customerEmail: email,
      customerName: 'Ada',
      customerTimeZone: 'Europe/Berlin',
      checkoutRef: `chk_${randomUUID()}`,
      amountCents: 9900,
      currency: 'usd',
    },
  };
}

/** Held, then paid: the two events the host calendar records for a booking. */
async function confirmedBooking(options: { startsIn: number }): Promise<TestBooking> {
  const b = booking(options);
  await append(b, SlotHeld({ ...holdIds(b), start: b.start, end: b.end, expiresAt: at(30 * 60_000), details: b.details, at: now() }));
  await append(b, BookingConfirmed({ ...ids(b), start: b.start, end: b.end, details: b.details, paymentIntentId: null, at: now() }));
  return b;
}

async function append(b: TestBooking, event: NewEvent): Promise<void> {
  await store.append(hostCalendarStreamId(b.hostUserId), 'any', [event], metadata());
}

/** The booking's BookingConfirmed as what it causes names it: its position, and its chain. */
async function confirmationOf(b: TestBooking): Promise<{ causationId: string; correlationId: string }> {
  const { rows } = await pool.query<{ position: string; correlation_id: string }>(
    `select position, metadata->>'correlationId' as correlation_id from events where type = 'BookingConfirmed' and data->>'bookingId' = $1`,
    [b.bookingId],
  );
  expect(rows).toHaveLength(1);
  return { causationId: `event:${rows[0]!.position}`, correlationId: rows[0]!.correlation_id };
}

async function outboxEmail(to: string, kind: string, timeoutMs = 15_000): Promise<OutboxEmail> {
  const read = async () =>
    (
      await pool.query<OutboxEmail>('select id, kind, topic, subject, text, headers, attachments from email_outbox where to_address = $1 and kind = $2', [
        to,
        kind,
      ])
    ).rows;
  const rows = await eventually(read, (r) => r.length > 0, timeoutMs);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function bookingRow(bookingId: string) {
  return (await pool.query<{ status: string; start_at: Date }>('select status, start_at from rm_session_bookings where booking_id = $1', [bookingId])).rows[0];
}

/** Waits until the reminders' reactor has applied this booking's events (its checkpoint passed them). */
async function expectReactorPast(b: TestBooking): Promise<void> {
  const { rows } = await pool.query<{ position: string }>('select max(position) as position from events where stream_id = $1', [
    hostCalendarStreamId(b.hostUserId),
  ]);
  const last = BigInt(rows[0]!.position);
  await eventually(
    async () => (await pool.query<{ position: string }>("select position from projector_checkpoints where name = 'BookingRemindersReactor'")).rows[0],
    (row) => row !== undefined && BigInt(row.position) >= last,
  );
}
