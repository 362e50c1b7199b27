import { causeOf } from '../../../events/metadata-for';
import type { Recorded } from '../../../events/projector';
import type { Reactor } from '../../../events/reactor';
import { BookingCancelled, BookingConfirmed, BookingRescheduled } from '../booking.events';
import type { BookingReminders } from './booking-reminders';

type ReminderEvent = Recorded<ReturnType<typeof BookingConfirmed> | ReturnType<typeof BookingRescheduled> | ReturnType<typeof BookingCancelled>>;

/**
 * Keeps one delayed reminder job per confirmed booking, at its current time. It runs in the worker
 * from its checkpoint, so that every booking event is seen once its batch commits, after a crash
 * too. A batch applied again (a retry) repeats the same adds and removes in the same order, which
 * ends where it ended before.
 */
export class BookingRemindersReactor implements Reactor<ReminderEvent> {
  readonly name = 'BookingRemindersReactor';
  readonly eventTypes = [BookingConfirmed.type, BookingRescheduled.type, BookingCancelled.type];

  constructor(private readonly reminders: BookingReminders) {}

  async react(event: ReminderEvent): Promise<void> {
    switch (event.type) {
      case 'BookingConfirmed':
        await this.reminders.schedule(event.data.bookingId, event.data.start, causeOf(event));
        break;
      case 'BookingRescheduled':
        await this.reminders.unschedule(event.data.bookingId, event.data.from.start);
        await this.reminders.schedule(event.data.bookingId, event.data.start, causeOf(event));
        break;
      case 'BookingCancelled':
        await this.reminders.unschedule(event.data.bookingId, event.data.start);
        break;
    }
  }
}
