import { AppError, ConflictError } from '../../common/app-error';
import type { Decider } from '../../events/decider';
import { BookingCancelled, BookingConfirmed, BookingRefusedSlotTaken, BookingRescheduled, SlotHeld, SlotHoldReleased, type BookingEvent } from './booking.events';

/** Someone else holds or booked an overlapping time (or its buffer). */
export class SlotTakenError extends ConflictError {
  constructor() {
    super('That time was just taken by someone else. Please pick another slot.');
  }
}

export class BookingNotFoundError extends AppError {
  constructor() {
    super('booking.not_found', 404, 'There is no such booking on your account.');
  }
}

/** Full refund up to this long before the start; later cancellations are not refunded. */
export const FULL_REFUND_BEFORE_MS = 24 * 3_600_000;

interface Entry {
  start: number;
  end: number;
  customerUserId: string;
  sessionTypeId: string;
}

export interface HostCalendar {
  holds: Map<string, Entry & { expiresAt: number }>;
  bookings: Map<string, Entry & { holdId: string }>;
  /** Holds already settled (confirmed, refused or released): a repeat changes nothing. */
  settledHolds: Set<string>;
}

export type CalendarCommand =
  | { type: 'hold'; hostUserId: string; holdId: string; customerUserId: string; sessionTypeId: string; start: string; end: string; bufferMinutes: number; expiresAt: string; at: string }
  | { type: 'release'; hostUserId: string; holdId: string; reason: 'checkout_expired' | 'checkout_cancelled' | 'payment_failed' | 'customer'; at: string }
  | { type: 'confirm'; hostUserId: string; holdId: string; bookingId: string; bufferMinutes: number; at: string }
  | { type: 'reschedule'; hostUserId: string; bookingId: string; customerUserId: string; start: string; end: string; bufferMinutes: number; at: string }
  | { type: 'cancel'; hostUserId: string; bookingId: string; customerUserId: string; by: 'customer' | 'host'; at: string };

const ms = (iso: string) => Date.parse(iso);

/** Whether [start, end) comes within `buffer` of anything else that still counts at `now`. */
function clashes(state: HostCalendar, start: number, end: number, bufferMs: number, now: number, ignore: { holdId?: string; bookingId?: string }): boolean {
  const near = (e: Entry) => start < e.end + bufferMs && end > e.start - bufferMs;
  for (const [id, hold] of state.holds) if (id !== ignore.holdId && hold.expiresAt > now && near(hold)) return true;
  for (const [id, booking] of state.bookings) if (id !== ignore.bookingId && near(booking)) return true;
  return false;
}

export const hostCalendarDecider: Decider<CalendarCommand, BookingEvent, HostCalendar> = {
  initialState: () => ({ holds: new Map(), bookings: new Map(), settledHolds: new Set() }),

  evolve(state, event) {
    const holds = new Map(state.holds);
    const bookings = new Map(state.bookings);
    const settledHolds = new Set(state.settledHolds);
    switch (event.type) {
      case 'SlotHeld':
        holds.set(event.data.holdId, { start: ms(event.data.start), end: ms(event.data.end), customerUserId: event.data.customerUserId, sessionTypeId: event.data.sessionTypeId, expiresAt: ms(event.data.expiresAt) });
        break;
      case 'SlotHoldReleased':
      case 'BookingRefusedSlotTaken':
        holds.delete(event.data.holdId);
        settledHolds.add(event.data.holdId);
        break;
      case 'BookingConfirmed':
        holds.delete(event.data.holdId);
        settledHolds.add(event.data.holdId);
        bookings.set(event.data.bookingId, { start: ms(event.data.start), end: ms(event.data.end), customerUserId: event.data.customerUserId, sessionTypeId: event.data.sessionTypeId, holdId: event.data.holdId });
        break;
      case 'BookingRescheduled': {
        const booking = bookings.get(event.data.bookingId);
        if (booking) bookings.set(event.data.bookingId, { ...booking, start: ms(event.data.start), end: ms(event.data.end) });
        break;
      }
      case 'BookingCancelled':
        bookings.delete(event.data.bookingId);
        break;
    }
    return { holds, bookings, settledHolds };
  },

  decide(command, state) {
    const now = ms(command.at);
    switch (command.type) {
      case 'hold': {
        if (state.holds.has(command.holdId) || state.settledHolds.has(command.holdId)) return [];
        if (clashes(state, ms(command.start), ms(command.end), command.bufferMinutes * 60_000, now, {})) throw new SlotTakenError();
        const { bufferMinutes: _buffer, type: _type, ...data } = command;
        return [SlotHeld(data)];
      }
      case 'release':
        if (!state.holds.has(command.holdId)) return [];
        return [SlotHoldReleased({ hostUserId: command.hostUserId, holdId: command.holdId, reason: command.reason, at: command.at })];
      case 'confirm': {
        const hold = state.holds.get(command.holdId);
        if (!hold) return [];
        const window = { start: new Date(hold.start).toISOString(), end: new Date(hold.end).toISOString() };
        // Paid after the hold lapsed: honoured if the time is still free, else refunded.
        if (hold.expiresAt <= now && clashes(state, hold.start, hold.end, command.bufferMinutes * 60_000, now, { holdId: command.holdId })) {
          return [BookingRefusedSlotTaken({ hostUserId: command.hostUserId, holdId: command.holdId, customerUserId: hold.customerUserId, ...window, at: command.at })];
        }
        return [BookingConfirmed({ hostUserId: command.hostUserId, holdId: command.holdId, bookingId: command.bookingId, customerUserId: hold.customerUserId, sessionTypeId: hold.sessionTypeId, ...window, at: command.at })];
      }
      case 'reschedule': {
        const booking = state.bookings.get(command.bookingId);
        if (!booking || booking.customerUserId !== command.customerUserId) throw new BookingNotFoundError();
        if (booking.start === ms(command.start) && booking.end === ms(command.end)) return [];
        if (clashes(state, ms(command.start), ms(command.end), command.bufferMinutes * 60_000, now, { bookingId: command.bookingId })) throw new SlotTakenError();
        const from = { start: new Date(booking.start).toISOString(), end: new Date(booking.end).toISOString() };
        return [BookingRescheduled({ hostUserId: command.hostUserId, bookingId: command.bookingId, from, start: command.start, end: command.end, at: command.at })];
      }
      case 'cancel': {
        const booking = state.bookings.get(command.bookingId);
        if (!booking || (command.by === 'customer' && booking.customerUserId !== command.customerUserId)) throw new BookingNotFoundError();
        const refund = command.by === 'host' || booking.start - now >= FULL_REFUND_BEFORE_MS ? 'full' : 'none';
        return [BookingCancelled({ hostUserId: command.hostUserId, bookingId: command.bookingId, by: command.by, refund, at: command.at })];
      }
    }
  },
};
