import { BullModule, getQueueToken } from '@nestjs/bullmq';
import { Module, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { ReactorRegistry } from '../../../events/reactor-registry';
import { BOOKING_REMINDER_QUEUE, BookingReminders, type BookingReminderJob } from './booking-reminders';
import { BookingRemindersReactor } from './booking-reminders.reactor';

/** The reminders' queue, and the reactor that keeps one delayed job per confirmed booking. */
@Module({
  imports: [BullModule.registerQueue({ name: BOOKING_REMINDER_QUEUE })],
  providers: [
    {
      provide: BookingReminders,
      inject: [getQueueToken(BOOKING_REMINDER_QUEUE)],
      useFactory: (queue: Queue<BookingReminderJob>) => new BookingReminders(queue),
    },
  ],
  exports: [BookingReminders],
})
export class BookingRemindersModule implements OnModuleInit {
  constructor(
    private readonly reactors: ReactorRegistry,
    private readonly reminders: BookingReminders,
  ) {}

  onModuleInit(): void {
    this.reactors.register(new BookingRemindersReactor(this.reminders));
  }
}
