import { randomUUID } from 'node:crypto';
import { type DynamicModule, type INestApplicationContext, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Queue } from 'bullmq';
import type { Pool } from 'pg';
import { WorkerModule } from '../../../../backend/src/app.module';
import { prepareDatabase } from '../../../../backend/src/prepare-database';
import type { AppConfig } from '../../../../backend/src/platform/config/config.schema';
import { EventRegistry, type NewEvent } from '../../../../backend/src/events/event-registry';
import { EventStore } from '../../../../backend/src/events/event-store';
import { BookingConfirmed, bookingEvents, hostCalendarStreamId, SlotHeld, type SessionDetails } from '../../../../backend/src/modules/booking/booking.events';
import { BOOKING_REMINDER_QUEUE, type BookingReminderJob } from '../../../../backend/src/modules/booking/jobs/booking-reminders';
import { BookingRemindersJobsModule } from '../../../../backend/src/modules/booking/jobs/booking-reminders-jobs.module';
import { EMAIL_QUEUE } from '../../../../backend/src/modules/email/jobs/email-job';
import type { EmailAttachment } from '../../../../backend/src/modules/email/email-message';
import { eventually } from '../../../support/site-client';
import { startTestApi, type TestApi } from '../../../support/test-api';
import { testConfig } from '../../../support/test-config';
import { createTestDatabase, dropTestDatabase, uniqueQueuePrefix } from '../../../support/test-database';
import { metadata, testPool } from '../../../support/test-events';

/** The worker as production runs it, with the reminders' processor and sweeper beside it. */
@Module({})
class WorkerWithReminders {
  static forRoot(config: AppConfig): DynamicModule {
    return { module: WorkerWithReminders, imports: [WorkerModule.forRoot(config), BookingRemindersJobsModule] };
  }
}

export const HOUR = 3600_000;

export interface TestBooking {
  bookingId: string;
  hostUserId: string;
  customerUserId: string;
  email: string;
  start: string;
  end: string;
  details: SessionDetails;
}

export interface OutboxEmail {
  id: string;
  kind: string;
  topic: string;
  subject: string;
  text: string;
  headers: Record<string, string>;
  attachments: EmailAttachment[];
}

export const now = () => new Date().toISOString();
export const at = (fromNowMs: number) => new Date(Math.floor((Date.now() + fromNowMs) / 1000) * 1000).toISOString();
export const plusHour = (iso: string) => new Date(Date.parse(iso) + HOUR).toISOString();
export const ics = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, '');
export const calendarLines = (attachment: EmailAttachment) => attachment.content.replace(/\r\n /g, '').split('\r\n');
export const ids = (b: TestBooking) => ({ hostUserId: b.hostUserId, bookingId: b.bookingId, customerUserId: b.customerUserId });
export const holdIds = (b: TestBooking) => ({ hostUserId: b.hostUserId, holdId: b.bookingId, customerUserId: b.customerUserId });

/** A booking of its own (fresh host, customer and email), not yet written anywhere. */
export function booking({ startsIn }: { startsIn: number }): TestBooking {
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

export interface BookingEmailsHarness {
  /** The worker with the reminders' processor and sweeper, running the projectors and reactors. */
  worker: INestApplicationContext;
  /** An api on the same database and queues, serving the dev outbox. */
  api: TestApi;
  pool: Pool;
  reminders: Queue<BookingReminderJob>;
  /** Held, then paid: the two events the host calendar records for a booking. */
  confirmedBooking(options: { startsIn: number }): Promise<TestBooking>;
  append(b: TestBooking, event: NewEvent): Promise<void>;
  /** The booking's BookingConfirmed as what it causes names it: its position, and its chain. */
  confirmationOf(b: TestBooking): Promise<{ causationId: string; correlationId: string }>;
  /** The one email of this kind sent to this address, once the outbox has it. */
  outboxEmail(to: string, kind: string, timeoutMs?: number): Promise<OutboxEmail>;
  bookingRow(bookingId: string): Promise<{ status: string; start_at: Date } | undefined>;
  /** Waits until the reminders' reactor has applied this booking's events (its checkpoint passed them). */
  expectReactorPast(b: TestBooking): Promise<void>;
}

/**
 * A database and queue prefix of the file's own (named by `label`), so that this worker's
 * projectors (and no other file's) see its events; opened before the file's tests, dropped after.
 */
export function useBookingEmailsHarness(label: string): BookingEmailsHarness {
  const prefix = uniqueQueuePrefix(label);
  const connection = { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', maxRetriesPerRequest: null };
  let databaseUrl: string;
  let worker: INestApplicationContext;
  let api: TestApi;
  let pool: Pool;
  let store: EventStore;
  let reminders: Queue<BookingReminderJob>;

  const append = async (b: TestBooking, event: NewEvent): Promise<void> => {
    await store.append(hostCalendarStreamId(b.hostUserId), 'any', [event], metadata());
  };

  const harness: BookingEmailsHarness = {
    get worker() {
      return worker;
    },
    get api() {
      return api;
    },
    get pool() {
      return pool;
    },
    get reminders() {
      return reminders;
    },
    append,
    async confirmedBooking(options) {
      const b = booking(options);
      await append(b, SlotHeld({ ...holdIds(b), start: b.start, end: b.end, expiresAt: at(30 * 60_000), details: b.details, at: now() }));
      await append(b, BookingConfirmed({ ...ids(b), start: b.start, end: b.end, details: b.details, paymentIntentId: null, at: now() }));
      return b;
    },
    async confirmationOf(b) {
      const { rows } = await pool.query<{ position: string; correlation_id: string }>(
        `select position, metadata->>'correlationId' as correlation_id from events where type = 'BookingConfirmed' and data->>'bookingId' = $1`,
        [b.bookingId],
      );
      expect(rows).toHaveLength(1);
      return { causationId: `event:${rows[0]!.position}`, correlationId: rows[0]!.correlation_id };
    },
    async outboxEmail(to, kind, timeoutMs = 15_000) {
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
    },
    async bookingRow(bookingId) {
      return (await pool.query<{ status: string; start_at: Date }>('select status, start_at from rm_session_bookings where booking_id = $1', [bookingId]))
        .rows[0];
    },
    async expectReactorPast(b) {
      const { rows } = await pool.query<{ position: string }>('select max(position) as position from events where stream_id = $1', [
        hostCalendarStreamId(b.hostUserId),
      ]);
      const last = BigInt(rows[0]!.position);
      await eventually(
        async () => (await pool.query<{ position: string }>("select position from projector_checkpoints where name = 'BookingRemindersReactor'")).rows[0],
        (row) => row !== undefined && BigInt(row.position) >= last,
      );
    },
  };

  beforeAll(async () => {
    databaseUrl = await createTestDatabase(label);
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
  return harness;
}
