import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { BookingCancelled, BookingConfirmed, BookingRescheduled } from '../booking.events';
import type { BookingReminders } from './booking-reminders';

/**
 * Keeps one delayed reminder job per confirmed booking, at its current time. It runs as a
 * projector so that every booking event is seen once its batch commits, after a crash too; it
 * keeps no table. A batch applied again (a retry, a replay) repeats the same adds and removes in
 * the same order, which ends where it ended before.
 */
export class BookingRemindersReactor implements Projector {
  readonly name = 'BookingRemindersReactor';
  readonly eventTypes = ['BookingConfirmed', 'BookingRescheduled', 'BookingCancelled'];
  readonly tables: string[] = [];

  constructor(private readonly reminders: BookingReminders) {}

  async apply(event: RecordedEvent): Promise<void> {
    switch (event.type) {
      case 'BookingConfirmed': {
        const d = event.data as EventData<typeof BookingConfirmed>;
        await this.reminders.schedule(d.bookingId, d.start);
        break;
      }
      case 'BookingRescheduled': {
        const d = event.data as EventData<typeof BookingRescheduled>;
        await this.reminders.unschedule(d.bookingId, d.from.start);
        await this.reminders.schedule(d.bookingId, d.start);
        break;
      }
      case 'BookingCancelled': {
        const d = event.data as EventData<typeof BookingCancelled>;
        await this.reminders.unschedule(d.bookingId, d.start);
        break;
      }
    }
  }
}
