import { Module } from '@nestjs/common';
import { EmailModule } from '../../email';
import { BookingRemindersModule } from './booking-reminders.module';
import { BookingRemindersProcessor } from './booking-reminders.processor';
import { BookingRemindersSweeper } from './booking-reminders.sweeper';

/** The worker's side of reminders: the processor that sends them and the sweeper that re-adds lost jobs. */
@Module({ imports: [BookingRemindersModule, EmailModule], providers: [BookingRemindersProcessor, BookingRemindersSweeper] })
export class BookingRemindersJobsModule {}
