import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rootLogger } from '../../platform/common/logger';
import { BookingReminders, REMINDER_LEAD_MS } from './booking-reminders';
import { sessionBookingTables } from './session-bookings.entity';

const SWEEP_EVERY_MS = 10 * 60_000;

/**
 * Redis runs without persistence, so a waiting reminder can vanish. When the worker starts, and
 * every 10 minutes, each confirmed booking whose reminder is still ahead is scheduled again; one
 * still waiting has the same job id, so BullMQ ignores the add.
 */
@Injectable()
export class BookingRemindersSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    @Inject(MikroORM) private readonly orm: MikroORM,
    private readonly reminders: BookingReminders,
  ) {}

  onApplicationBootstrap(): void {
    const sweep = () => void this.sweep().catch((error: unknown) => rootLogger().warn({ err: error }, 'Booking reminder sweep failed'));
    sweep();
    this.timer = setInterval(sweep, SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
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
