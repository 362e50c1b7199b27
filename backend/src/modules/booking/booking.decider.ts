import type { Decider } from '../../events/decider';
import { BookingNotFoundError, SlotTakenError, TooLateToRescheduleError } from './booking.errors';
import {
  BookingCancelled,
  BookingConfirmed,
  BookingRefusedSlotTaken,
  BookingRescheduled,
  SlotHeld,
  SlotHoldReleased,
  type BookingEvent,
  type SessionDetails,
} from './booking.events';

/** Full refund, and rescheduling, up to this long before the start. */
export const CHANGE_NOTICE_MS = 24 * 3_600_000;
export const BOOKING_POLICY = 'Reschedule or cancel with a full refund up to 24 hours before your session; later cancellations are not refunded.';

/** A time on the calendar and who it is for. */
interface Slot {
  start: number;
  end: number;
  customerUserId: string;
  details: SessionDetails;
}

/**
 * One booking's lifecycle on the calendar (its id is its hold's). Released holds stay known (not
 * blocking), so a payment that still arrives can be decided; a booking refused or cancelled stays
 * known as settled (with when), so a repeat of its payment or reversal changes nothing.
 */
export type CalendarBooking =
  | ({ status: 'held' | 'released'; expiresAt: number } & Slot)
  | ({ status: 'confirmed'; paymentIntentId: string | null; sequence: number; settledAt: number } & Slot)
  | { status: 'refused' | 'cancelled'; settledAt: number };

export interface HostCalendar {
  bookings: Map<string, CalendarBooking>;
}

/**
 * How long the calendar remembers what is over: a hold after it lapsed (a delayed payment such as
 * a bank debit can still complete days later), a booking after it ended, a settled one after it
 * was settled. Past that, a year of history folds into a small state; something older is treated
 * as unknown.
 */
export const MEMORY_MS = 30 * 24 * 3_600_000;

/** When a booking is over, for forgetting it MEMORY_MS later. */
function overAt(booking: CalendarBooking): number {
  switch (booking.status) {
    case 'held':
    case 'released':
      return booking.expiresAt;
    case 'confirmed':
      return booking.end;
    case 'refused':
    case 'cancelled':
      return booking.settledAt;
  }
}

/** A copy of the calendar's bookings without those over more than MEMORY_MS before `now`. */
function recent(bookings: Map<string, CalendarBooking>, now: number): Map<string, CalendarBooking> {
  const kept = new Map<string, CalendarBooking>();
  for (const [id, booking] of bookings) if (overAt(booking) > now - MEMORY_MS) kept.set(id, booking);
  return kept;
}

export type CalendarCommand =
  | {
      type: 'HoldSlot';
      hostUserId: string;
      holdId: string;
      customerUserId: string;
      start: string;
      end: string;
      bufferMinutes: number;
      expiresAt: string;
      details: SessionDetails;
      at: string;
    }
  | {
      type: 'ReleaseHold';
      hostUserId: string;
      holdId: string;
      reason: 'checkout_expired' | 'checkout_cancelled' | 'payment_failed' | 'checkout_not_opened';
      at: string;
    }
  | { type: 'ConfirmBooking'; hostUserId: string; holdId: string; paymentIntentId: string | null; bufferMinutes: number; at: string }
  | { type: 'RescheduleBooking'; hostUserId: string; bookingId: string; customerUserId: string; start: string; end: string; bufferMinutes: number; at: string }
  | { type: 'CancelBooking'; hostUserId: string; bookingId: string; customerUserId: string | null; by: 'customer' | 'host' | 'payment_reversed'; at: string };

type Command<Type extends CalendarCommand['type']> = Extract<CalendarCommand, { type: Type }>;

const ms = (iso: string) => Date.parse(iso);
const isoOf = (time: number) => new Date(time).toISOString();

/** Whether [start, end) comes within `buffer` of anything else that still counts at `now`: a live hold, or a booking. */
function clashes(state: HostCalendar, start: number, end: number, bufferMs: number, now: number, ignore: string | null): boolean {
  const near = (slot: Slot) => start < slot.end + bufferMs && end > slot.start - bufferMs;
  for (const [id, booking] of state.bookings) {
    if (id === ignore) continue;
    if (booking.status === 'held' && booking.expiresAt > now && near(booking)) return true;
    if (booking.status === 'confirmed' && near(booking)) return true;
  }
  return false;
}

/** The hold with this id, live or released (a payment may still arrive for it). */
function holdOf(state: HostCalendar, id: string) {
  const booking = state.bookings.get(id);
  return booking?.status === 'held' || booking?.status === 'released' ? booking : undefined;
}

function confirmedBooking(state: HostCalendar, id: string) {
  const booking = state.bookings.get(id);
  return booking?.status === 'confirmed' ? booking : undefined;
}

/**
 * A host's calendar: holds while customers pay, bookings once they have paid. A booking's id is
 * its hold's. A payment that arrives after its hold lapsed or was released is honoured when the
 * time is still free, and refused (to be refunded in full) when someone else has taken it since.
 */
export const hostCalendarDecider: Decider<CalendarCommand, BookingEvent, HostCalendar> = {
  events: [SlotHeld, SlotHoldReleased, BookingConfirmed, BookingRefusedSlotTaken, BookingRescheduled, BookingCancelled],
  initialState: () => ({ bookings: new Map() }),

  // States are shared (a command cache keeps them), so a change copies the map, and the copy
  // leaves out what is over, keyed on the event's own time.
  evolve(state, event) {
    const now = ms(event.data.at);
    const set = (id: string, booking: CalendarBooking): HostCalendar => ({ bookings: recent(state.bookings, now).set(id, booking) });
    switch (event.type) {
      case 'SlotHeld': {
        const d = event.data;
        return set(d.holdId, {
          status: 'held',
          start: ms(d.start),
          end: ms(d.end),
          customerUserId: d.customerUserId,
          details: d.details,
          expiresAt: ms(d.expiresAt),
        });
      }
      case 'SlotHoldReleased': {
        const hold = holdOf(state, event.data.holdId);
        return hold ? set(event.data.holdId, { ...hold, status: 'released' }) : state;
      }
      case 'BookingRefusedSlotTaken':
        return set(event.data.bookingId, { status: 'refused', settledAt: now });
      case 'BookingConfirmed': {
        const d = event.data;
        return set(d.bookingId, {
          status: 'confirmed',
          start: ms(d.start),
          end: ms(d.end),
          customerUserId: d.customerUserId,
          details: d.details,
          paymentIntentId: d.paymentIntentId,
          sequence: 0,
          settledAt: now,
        });
      }
      case 'BookingRescheduled': {
        const booking = confirmedBooking(state, event.data.bookingId);
        if (!booking) return state;
        return set(event.data.bookingId, { ...booking, start: ms(event.data.start), end: ms(event.data.end), sequence: event.data.sequence });
      }
      case 'BookingCancelled': {
        const booking = confirmedBooking(state, event.data.bookingId);
        // Settled when it was confirmed: a reversal of its payment is known for as long as the confirmation.
        return booking ? set(event.data.bookingId, { status: 'cancelled', settledAt: booking.settledAt }) : state;
      }
    }
    return state;
  },

  decide(command, state) {
    switch (command.type) {
      case 'HoldSlot':
        return holdSlot(command, state);
      case 'ReleaseHold':
        return releaseHold(command, state);
      case 'ConfirmBooking':
        return confirmBooking(command, state);
      case 'RescheduleBooking':
        return rescheduleBooking(command, state);
      case 'CancelBooking':
        return cancelBooking(command, state);
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};

function holdSlot(command: Command<'HoldSlot'>, state: HostCalendar): BookingEvent[] {
  if (state.bookings.has(command.holdId)) return [];
  if (clashes(state, ms(command.start), ms(command.end), command.bufferMinutes * 60_000, ms(command.at), null)) throw new SlotTakenError();
  return [
    SlotHeld({
      hostUserId: command.hostUserId,
      holdId: command.holdId,
      customerUserId: command.customerUserId,
      start: command.start,
      end: command.end,
      expiresAt: command.expiresAt,
      details: command.details,
      at: command.at,
    }),
  ];
}

function releaseHold(command: Command<'ReleaseHold'>, state: HostCalendar): BookingEvent[] {
  const hold = holdOf(state, command.holdId);
  if (!hold || hold.status === 'released') return [];
  return [
    SlotHoldReleased({ hostUserId: command.hostUserId, holdId: command.holdId, customerUserId: hold.customerUserId, reason: command.reason, at: command.at }),
  ];
}

function confirmBooking(command: Command<'ConfirmBooking'>, state: HostCalendar): BookingEvent[] {
  const hold = holdOf(state, command.holdId);
  if (!hold) return [];
  const now = ms(command.at);
  const booking = {
    hostUserId: command.hostUserId,
    bookingId: command.holdId,
    customerUserId: hold.customerUserId,
    start: isoOf(hold.start),
    end: isoOf(hold.end),
    details: hold.details,
    paymentIntentId: command.paymentIntentId,
    at: command.at,
  };
  const lapsed = hold.status === 'released' || hold.expiresAt <= now;
  if (lapsed && clashes(state, hold.start, hold.end, command.bufferMinutes * 60_000, now, command.holdId)) return [BookingRefusedSlotTaken(booking)];
  return [BookingConfirmed(booking)];
}

function rescheduleBooking(command: Command<'RescheduleBooking'>, state: HostCalendar): BookingEvent[] {
  const booking = confirmedBooking(state, command.bookingId);
  if (!booking || booking.customerUserId !== command.customerUserId) throw new BookingNotFoundError();
  if (booking.start === ms(command.start) && booking.end === ms(command.end)) return [];
  const now = ms(command.at);
  if (booking.start - now < CHANGE_NOTICE_MS) throw new TooLateToRescheduleError();
  if (clashes(state, ms(command.start), ms(command.end), command.bufferMinutes * 60_000, now, command.bookingId)) throw new SlotTakenError();
  return [
    BookingRescheduled({
      hostUserId: command.hostUserId,
      bookingId: command.bookingId,
      customerUserId: booking.customerUserId,
      from: { start: isoOf(booking.start), end: isoOf(booking.end) },
      start: command.start,
      end: command.end,
      details: booking.details,
      sequence: booking.sequence + 1,
      at: command.at,
    }),
  ];
}

function cancelBooking(command: Command<'CancelBooking'>, state: HostCalendar): BookingEvent[] {
  const booking = confirmedBooking(state, command.bookingId);
  if (!booking) {
    // A reversed payment may arrive for a booking that is already cancelled (our own refund).
    const settled = state.bookings.get(command.bookingId);
    if (command.by !== 'customer' && (settled?.status === 'refused' || settled?.status === 'cancelled')) return [];
    throw new BookingNotFoundError();
  }
  if (command.by === 'customer' && booking.customerUserId !== command.customerUserId) throw new BookingNotFoundError();
  const refund = command.by === 'host' || (command.by === 'customer' && booking.start - ms(command.at) >= CHANGE_NOTICE_MS) ? 'full' : 'none';
  return [
    BookingCancelled({
      hostUserId: command.hostUserId,
      bookingId: command.bookingId,
      customerUserId: booking.customerUserId,
      start: isoOf(booking.start),
      end: isoOf(booking.end),
      details: booking.details,
      paymentIntentId: booking.paymentIntentId,
      by: command.by,
      refund,
      refundCents: refund === 'full' ? booking.details.amountCents : 0,
      sequence: booking.sequence + 1,
      at: command.at,
    }),
  ];
}
