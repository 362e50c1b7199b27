import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rootLogger } from '../../../platform/common/logger';
import { BookingReminders, REMINDER_LEAD_MS } from './booking-reminders';
import { sessionBookingTables } from '../projections/session-bookings.entity';

/** The sweep's own queue, so its scheduled runs never mix with the reminders. */
export const BOOKING_REMINDER_SWEEP_QUEUE = 'booking-reminder-sweeps';
export const BOOKING_REMINDER_SWEEP_JOB = 'booking.sweep-reminders';
export const BOOKING_REMINDER_SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Redis runs without persistence, so a waiting reminder can vanish. When a worker notices Redis
 * lost its jobs (RedisLossWatch, on a first start too), and every 10 minutes (a BullMQ job
 * scheduler: one run per period across all workers), each confirmed booking whose reminder is
 * still ahead is scheduled again; one still waiting has the same job id, so BullMQ ignores the add.
 */
@Processor(BOOKING_REMINDER_SWEEP_QUEUE)
export class BookingRemindersSweeper extends WorkerHost {
  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly reminders: BookingReminders,
  ) {
    super();
  }

  async process(): Promise<{ scheduled: number }> {
    try {
      return { scheduled: await this.sweep() };
    } catch (error) {
      rootLogger().warn({ err: error }, 'Booking reminder sweep failed');
      throw error;
    }
  }

  /** Schedules the reminder of every confirmed booking starting more than 24 h after `now`; returns how many. */
  async sweep(now = new Date()): Promise<number> {
    const rows = await sessionBookingTables(this.orm.em)
      .selectFrom('rm_session_bookings')
      .select(['booking_id', 'start_at'])
      .where('status', '=', 'confirmed')
      .where('start_at', '>', new Date(now.getTime() + REMINDER_LEAD_MS))
      .orderBy('start_at')
      .execute();
    let scheduled = 0;
    for (const row of rows) if (await this.reminders.schedule(row.booking_id, row.start_at)) scheduled += 1;
    return scheduled;
  }
}
