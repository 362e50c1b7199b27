/** The booking module's public surface: other modules, the app and the CLI import only this. */
export { BookingModule } from './booking.module';
export { BookingRemindersJobsModule } from './jobs/booking-reminders-jobs.module';
