import type { AccountMoment } from '../../../../contracts/admin/account-moment.contract';
import { type BookingEvent, hostCalendarDecider, type HostCalendar } from '../booking';
import { isoOf } from './moment-time';

interface Booked {
  title: string;
  hostName: string;
  startAt: string;
  /** What its last event made it: the calendar forgets a booking once cancelled, refused or long past. */
  lastStatus: string;
}

/**
 * The customer's holds and bookings: each host's calendar folded by the booking decider from this
 * customer's events on it, with what the page shows that a calendar does not keep.
 */
export interface BookingMoment {
  calendars: ReadonlyMap<string, HostCalendar>;
  bookings: ReadonlyMap<string, Booked>;
}

export const emptyBookings = (): BookingMoment => ({ calendars: new Map(), bookings: new Map() });

const STATUS_AFTER: Record<BookingEvent['type'], string | null> = {
  SlotHeld: 'held',
  SlotHoldReleased: 'released',
  BookingConfirmed: 'confirmed',
  BookingRefusedSlotTaken: 'refused',
  BookingRescheduled: null,
  BookingCancelled: 'cancelled',
};

export function evolveBookings(moment: BookingMoment, streamId: string, event: BookingEvent): BookingMoment {
  const calendar = hostCalendarDecider.evolve(moment.calendars.get(streamId) ?? hostCalendarDecider.initialState(), event);
  const calendars = new Map(moment.calendars).set(streamId, calendar);
  const id = event.type === 'SlotHeld' || event.type === 'SlotHoldReleased' ? event.data.holdId : event.data.bookingId;
  const known = moment.bookings.get(id);
  if (!known && event.type !== 'SlotHeld') return { ...moment, calendars };
  const next = STATUS_AFTER[event.type];
  const booked: Booked =
    event.type === 'SlotHoldReleased'
      ? { ...known!, lastStatus: known!.lastStatus === 'held' ? 'released' : known!.lastStatus }
      : {
          title: event.data.details.sessionTitle,
          hostName: event.data.details.hostName,
          startAt: isoOf(event.data.start),
          lastStatus: next ?? known!.lastStatus,
        };
  return { calendars, bookings: new Map(moment.bookings).set(id, booked) };
}

/** Confirmed, held or released as the calendar has it while it still remembers; else as its last event left it. */
function statusOf(moment: BookingMoment, id: string, booked: Booked): { status: string; startAt: string } {
  for (const calendar of moment.calendars.values()) {
    const booking = calendar.bookings.get(id);
    if (booking && 'start' in booking) return { status: booking.status, startAt: new Date(booking.start).toISOString() };
  }
  return { status: booked.lastStatus, startAt: booked.startAt };
}

export function bookingsView(moment: BookingMoment): AccountMoment['bookings'] {
  return [...moment.bookings.entries()]
    .map(([bookingId, booked]) => ({ bookingId, title: booked.title, hostName: booked.hostName, ...statusOf(moment, bookingId, booked) }))
    .sort((a, b) => b.startAt.localeCompare(a.startAt));
}
