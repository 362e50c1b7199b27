import { BullModule, InjectQueue } from '@nestjs/bullmq';
import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { scheduleEvery } from '../../../platform/queue/schedule-every';
import { EmailModule } from '../../email/email.module';
import { BookingRemindersModule } from './booking-reminders.module';
import { BookingRemindersProcessor } from './booking-reminders.processor';
import {
  BOOKING_REMINDER_SWEEP_EVERY_MS,
  BOOKING_REMINDER_SWEEP_JOB,
  BOOKING_REMINDER_SWEEP_QUEUE,
  BookingRemindersSweeper,
} from './booking-reminders.sweeper';

/** The worker's side of reminders: the processor that sends them, and the sweeper that re-adds lost jobs, scheduled once across workers. */
@Module({
  imports: [BookingRemindersModule, EmailModule, BullModule.registerQueue({ name: BOOKING_REMINDER_SWEEP_QUEUE })],
  providers: [BookingRemindersProcessor, BookingRemindersSweeper],
})
export class BookingRemindersJobsModule implements OnApplicationBootstrap {
  constructor(@InjectQueue(BOOKING_REMINDER_SWEEP_QUEUE) private readonly sweeps: Queue) {}

  onApplicationBootstrap(): Promise<void> {
    return scheduleEvery(this.sweeps, BOOKING_REMINDER_SWEEP_JOB, BOOKING_REMINDER_SWEEP_EVERY_MS);
  }
}
