import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';

const iso = z.iso.datetime();

/**
 * One stream per host holds every hold and booking on their calendar, so two customers reaching
 * for overlapping times race for the same stream version: one wins, the other's command is
 * decided again against the winner's hold and refused. No lock, no luck of timing.
 */
export const hostCalendarStreamId = (hostUserId: string) => `host-calendar-${hostUserId}`;

const window = { start: iso, end: iso };

/** A time kept for a customer while they pay; it lapses at `expiresAt` unless confirmed. */
export const SlotHeld = defineEvent({
  type: 'SlotHeld',
  schemaVersion: 1,
  schema: z.object({ hostUserId: z.string(), holdId: z.string(), customerUserId: z.string(), sessionTypeId: z.string(), ...window, expiresAt: iso, at: iso }),
});

export const SlotHoldReleased = defineEvent({
  type: 'SlotHoldReleased',
  schemaVersion: 1,
  schema: z.object({ hostUserId: z.string(), holdId: z.string(), reason: z.enum(['checkout_expired', 'checkout_cancelled', 'payment_failed', 'customer']), at: iso }),
});

/** Paid: the held time becomes a booking. */
export const BookingConfirmed = defineEvent({
  type: 'BookingConfirmed',
  schemaVersion: 1,
  schema: z.object({ hostUserId: z.string(), holdId: z.string(), bookingId: z.string(), customerUserId: z.string(), sessionTypeId: z.string(), ...window, at: iso }),
});

/** Paid after the hold lapsed and someone else took the time: the payment is refunded. */
export const BookingRefusedSlotTaken = defineEvent({
  type: 'BookingRefusedSlotTaken',
  schemaVersion: 1,
  schema: z.object({ hostUserId: z.string(), holdId: z.string(), customerUserId: z.string(), ...window, at: iso }),
});

export const BookingRescheduled = defineEvent({
  type: 'BookingRescheduled',
  schemaVersion: 1,
  schema: z.object({ hostUserId: z.string(), bookingId: z.string(), from: z.object(window), ...window, at: iso }),
});

export const BookingCancelled = defineEvent({
  type: 'BookingCancelled',
  schemaVersion: 1,
  schema: z.object({ hostUserId: z.string(), bookingId: z.string(), by: z.enum(['customer', 'host']), refund: z.enum(['full', 'none']), at: iso }),
});

export const bookingEvents = [SlotHeld, SlotHoldReleased, BookingConfirmed, BookingRefusedSlotTaken, BookingRescheduled, BookingCancelled];
export type BookingEvent = ReturnType<(typeof bookingEvents)[number]>;
