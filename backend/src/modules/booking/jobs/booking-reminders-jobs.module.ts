import { BullModule, InjectQueue } from '@nestjs/bullmq';
import { Module, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QueueRecovery } from '../../../platform/queue/queue-recovery';
import { EmailModule } from '../../email';
import { BookingRemindersModule } from './booking-reminders.module';
import { BookingRemindersProcessor } from './booking-reminders.processor';
import {
  BOOKING_REMINDER_SWEEP_EVERY_MS,
  BOOKING_REMINDER_SWEEP_JOB,
  BOOKING_REMINDER_SWEEP_QUEUE,
  BookingRemindersSweeper,
} from './booking-reminders.sweeper';

/**
 * The worker's side of reminders: the processor that sends them, and the sweeper that re-adds lost
 * jobs, scheduled once across workers and run at once when Redis has lost its jobs.
 */
@Module({
  imports: [BookingRemindersModule, EmailModule, BullModule.registerQueue({ name: BOOKING_REMINDER_SWEEP_QUEUE })],
  providers: [BookingRemindersProcessor, BookingRemindersSweeper],
})
export class BookingRemindersJobsModule implements OnModuleInit {
  constructor(
    @InjectQueue(BOOKING_REMINDER_SWEEP_QUEUE) private readonly sweeps: Queue,
    private readonly sweeper: BookingRemindersSweeper,
    private readonly recovery: QueueRecovery,
  ) {}

  onModuleInit(): void {
    this.recovery.schedule(this.sweeps, BOOKING_REMINDER_SWEEP_JOB, BOOKING_REMINDER_SWEEP_EVERY_MS);
    this.recovery.onLoss('booking reminders', () => this.sweeper.sweep());
  }
}
