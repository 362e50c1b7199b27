/** The booking module's public surface: other modules, the app and the CLI import only this. */
export { bookingStreamKinds } from './booking.stream-kinds';
export { BookingModule } from './booking.module';
export { CancelBooking } from './commands/cancel-booking.handler';
export { SlotHeld } from './booking.events';
export { bookingEmailKinds } from './emails/booking-email-kinds';
export { BookingRemindersJobsModule } from './jobs/booking-reminders-jobs.module';
export { hostCalendarDecider, type HostCalendar } from './booking.decider';
export { bookingEvents, type BookingEvent } from './booking.events';
export { bookingAccountLinks, readBookingCustomers, readCustomerBooking, readCustomerBookings } from './bookings.reads';
export { hostCalendarStreamId } from './booking.events';
