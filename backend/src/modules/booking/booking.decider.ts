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

interface Entry {
  start: number;
  end: number;
  customerUserId: string;
  details: SessionDetails;
}

export interface HostCalendar {
  /** Released holds stay known (not blocking), so a payment that still arrives can be decided. */
  holds: Map<string, Entry & { expiresAt: number; released: boolean }>;
  bookings: Map<string, Entry & { paymentIntentId: string | null; sequence: number }>;
  /** Holds settled by a payment (confirmed or refused), with when: a repeat changes nothing. */
  settled: Map<string, number>;
}

/**
 * How long the calendar remembers what is over: a hold after it lapsed (a delayed payment such as
 * a bank debit can still complete days later), a booking after it ended, a settled hold. Past
 * that, a year of history folds into a small state; something older is treated as unknown.
 */
export const MEMORY_MS = 30 * 24 * 3_600_000;

/** A copy of `map` without the entries whose time `until` is more than MEMORY_MS before `now`. */
function recent<V>(map: Map<string, V>, now: number, until: (value: V) => number): Map<string, V> {
  const kept = new Map<string, V>();
  for (const [id, value] of map) if (until(value) > now - MEMORY_MS) kept.set(id, value);
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

const ms = (iso: string) => Date.parse(iso);
const isoOf = (time: number) => new Date(time).toISOString();

/** Whether [start, end) comes within `buffer` of anything else that still counts at `now`. */
function clashes(state: HostCalendar, start: number, end: number, bufferMs: number, now: number, ignore: string | null): boolean {
  const near = (e: Entry) => start < e.end + bufferMs && end > e.start - bufferMs;
  for (const [id, hold] of state.holds) if (id !== ignore && !hold.released && hold.expiresAt > now && near(hold)) return true;
  for (const [id, booking] of state.bookings) if (id !== ignore && near(booking)) return true;
  return false;
}

/**
 * A host's calendar: holds while customers pay, bookings once they have paid. A booking's id is
 * its hold's. A payment that arrives after its hold lapsed or was released is honoured when the
 * time is still free, and refused (to be refunded in full) when someone else has taken it since.
 */
export const hostCalendarDecider: Decider<CalendarCommand, BookingEvent, HostCalendar> = {
  events: [SlotHeld, SlotHoldReleased, BookingConfirmed, BookingRefusedSlotTaken, BookingRescheduled, BookingCancelled],
  initialState: () => ({ holds: new Map(), bookings: new Map(), settled: new Map() }),

  // States are shared (a command cache keeps them), so a change copies the map it touches, and the
  // copy leaves out what is over, keyed on the event's own time.
  evolve(state, event) {
    const now = ms(event.data.at);
    const holds = () => recent(state.holds, now, (h) => h.expiresAt);
    const bookings = () => recent(state.bookings, now, (b) => b.end);
    const settled = (id: string) => recent(state.settled, now, (at) => at).set(id, now);
    switch (event.type) {
      case 'SlotHeld': {
        const next = holds();
        next.set(event.data.holdId, {
          start: ms(event.data.start),
          end: ms(event.data.end),
          customerUserId: event.data.customerUserId,
          details: event.data.details,
          expiresAt: ms(event.data.expiresAt),
          released: false,
        });
        return { ...state, holds: next };
      }
      case 'SlotHoldReleased': {
        const hold = state.holds.get(event.data.holdId);
        if (!hold) return state;
        return { ...state, holds: holds().set(event.data.holdId, { ...hold, released: true }) };
      }
      case 'BookingRefusedSlotTaken': {
        const next = holds();
        next.delete(event.data.bookingId);
        return { ...state, holds: next, settled: settled(event.data.bookingId) };
      }
      case 'BookingConfirmed': {
        const next = holds();
        next.delete(event.data.bookingId);
        const booked = bookings().set(event.data.bookingId, {
          start: ms(event.data.start),
          end: ms(event.data.end),
          customerUserId: event.data.customerUserId,
          details: event.data.details,
          paymentIntentId: event.data.paymentIntentId,
          sequence: 0,
        });
        return { holds: next, bookings: booked, settled: settled(event.data.bookingId) };
      }
      case 'BookingRescheduled': {
        const booking = state.bookings.get(event.data.bookingId);
        if (!booking) return state;
        return {
          ...state,
          bookings: bookings().set(event.data.bookingId, { ...booking, start: ms(event.data.start), end: ms(event.data.end), sequence: event.data.sequence }),
        };
      }
      case 'BookingCancelled': {
        const next = bookings();
        next.delete(event.data.bookingId);
        return { ...state, bookings: next };
      }
    }
    return state;
  },

  decide(command, state) {
    const now = ms(command.at);
    switch (command.type) {
      case 'HoldSlot': {
        if (state.holds.has(command.holdId) || state.settled.has(command.holdId)) return [];
        if (clashes(state, ms(command.start), ms(command.end), command.bufferMinutes * 60_000, now, null)) throw new SlotTakenError();
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
      case 'ReleaseHold': {
        const hold = state.holds.get(command.holdId);
        if (!hold || hold.released) return [];
        return [
          SlotHoldReleased({
            hostUserId: command.hostUserId,
            holdId: command.holdId,
            customerUserId: hold.customerUserId,
            reason: command.reason,
            at: command.at,
          }),
        ];
      }
      case 'ConfirmBooking': {
        const hold = state.holds.get(command.holdId);
        if (!hold) return [];
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
        if ((hold.released || hold.expiresAt <= now) && clashes(state, hold.start, hold.end, command.bufferMinutes * 60_000, now, command.holdId))
          return [BookingRefusedSlotTaken(booking)];
        return [BookingConfirmed(booking)];
      }
      case 'RescheduleBooking': {
        const booking = state.bookings.get(command.bookingId);
        if (!booking || booking.customerUserId !== command.customerUserId) throw new BookingNotFoundError();
        if (booking.start === ms(command.start) && booking.end === ms(command.end)) return [];
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
      case 'CancelBooking': {
        const booking = state.bookings.get(command.bookingId);
        if (!booking) {
          // A reversed payment may arrive for a booking that is already cancelled (our own refund).
          if (command.by !== 'customer' && state.settled.has(command.bookingId)) return [];
          throw new BookingNotFoundError();
        }
        if (command.by === 'customer' && booking.customerUserId !== command.customerUserId) throw new BookingNotFoundError();
        const refund = command.by === 'host' || (command.by === 'customer' && booking.start - now >= CHANGE_NOTICE_MS) ? 'full' : 'none';
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
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};
