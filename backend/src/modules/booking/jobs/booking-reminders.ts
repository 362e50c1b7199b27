import type { Queue } from 'bullmq';
import type { Cause } from '../../../events/metadata-for';

export const BOOKING_REMINDER_QUEUE = 'booking-reminders';

/** How long before a session its reminder goes. */
export const REMINDER_LEAD_MS = 24 * 3600 * 1000;

/** One reminder: the booking, and the start it was scheduled for (a reschedule makes another). */
export interface BookingReminderJob {
  bookingId: string;
  start: string;
  /** The event that scheduled it, passed on to the email; absent when a sweep scheduled it again. */
  cause?: Cause;
}

/**
 * The reminder's job id: one per booking and start, so scheduling it again while it is kept
 * changes nothing and a reschedule's new time gets its own. BullMQ ids may not contain ':'.
 */
export function reminderJobId(bookingId: string, start: string | Date): string {
  return `booking-reminder-${bookingId.replace(/[^A-Za-z0-9_.-]/g, '_')}-${new Date(start).getTime()}`;
}

/**
 * Adds and removes the delayed reminder jobs. Every call is safe to repeat: adding an id that is
 * waiting (or kept after it ran) is ignored by BullMQ, removing a missing one does nothing.
 */
export class BookingReminders {
  constructor(
    private readonly queue: Queue<BookingReminderJob>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Schedules the reminder for 24 h before `start`; returns false when that moment has passed. */
  async schedule(bookingId: string, start: string | Date, cause?: Cause): Promise<boolean> {
    const startAt = new Date(start);
    const delay = startAt.getTime() - REMINDER_LEAD_MS - this.now();
    if (delay <= 0) return false;
    await this.queue.add(
      'booking.remind',
      { bookingId, start: startAt.toISOString(), ...(cause ? { cause } : {}) },
      {
        jobId: reminderJobId(bookingId, startAt),
        delay,
        attempts: 6,
        backoff: { type: 'exponential', delay: 5_000 },
        removeOnComplete: { age: 7 * 24 * 3600 },
        removeOnFail: { age: 30 * 24 * 3600 },
      },
    );
    return true;
  }

  /**
   * Removes the reminder for that start. A job already running is not removed (BullMQ keeps a
   * locked job); it finds the booking moved or cancelled when it reads it, and sends nothing.
   */
  async unschedule(bookingId: string, start: string | Date): Promise<void> {
    await this.queue.remove(reminderJobId(bookingId, start));
  }
}
