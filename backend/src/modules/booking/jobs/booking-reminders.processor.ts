import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Job } from 'bullmq';
import { emailJobKey, EmailSender } from '../../email';
import { BOOKING_REMINDER_QUEUE, type BookingReminderJob } from './booking-reminders';
import { sessionBookingTables } from '../projections/session-bookings.entity';

export type ReminderOutcome = 'queued' | 'not-confirmed' | 'moved' | 'started' | 'no-address';

/**
 * Sends a booking's reminder when its job comes due, if the booking is still confirmed at the
 * start the job was made for (a cancelled or moved booking's stale job sends nothing). The email's
 * key is the booking and that start, so it goes once however often the job runs; it is topic
 * mail, checked against the customer's preferences when it is sent.
 */
@Processor(BOOKING_REMINDER_QUEUE, { concurrency: 4 })
export class BookingRemindersProcessor extends WorkerHost {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly sender: EmailSender,
  ) {
    super();
  }

  async process(job: Job<BookingReminderJob>): Promise<{ outcome: ReminderOutcome }> {
    return { outcome: await this.remind(job.data, new Date()) };
  }

  async remind({ bookingId, start, cause }: BookingReminderJob, now: Date): Promise<ReminderOutcome> {
    const row = await sessionBookingTables(this.orm.em)
      .selectFrom('rm_session_bookings')
      .select(['status', 'start_at', 'customer_email', 'customer_name', 'customer_time_zone', 'session_title', 'minutes', 'meeting_url', 'host_name'])
      .where('booking_id', '=', bookingId)
      .executeTakeFirst();
    // The read model trails the log by moments; a booking not in it yet is retried, not dropped.
    if (!row) throw new Error(`Booking ${bookingId} is not in rm_session_bookings yet`);
    if (row.status !== 'confirmed') return 'not-confirmed';
    const startAt = new Date(start);
    if (row.start_at.getTime() !== startAt.getTime()) return 'moved';
    if (startAt.getTime() <= now.getTime()) return 'started';
    if (!row.customer_email) return 'no-address';
    await this.sender.enqueue({
      key: emailJobKey(`${bookingId}-${startAt.getTime()}`, 'booking-reminder'),
      kind: 'booking-reminder',
      to: row.customer_email,
      timeZone: row.customer_time_zone,
      data: {
        name: row.customer_name,
        sessionTitle: row.session_title,
        startsAt: startAt.toISOString(),
        minutes: row.minutes,
        meetingUrl: row.meeting_url,
        hostName: row.host_name,
      },
      ...(cause ? { cause } : {}),
    });
    return 'queued';
  }
}
