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

/** What the emails, the dashboard and the refund need about a booking, fixed when it is held. */
export const sessionDetailsSchema = z.object({
  sessionTypeId: z.string(),
  sessionTitle: z.string(),
  minutes: z.number().int().positive(),
  hostName: z.string(),
  meetingUrl: z.string().nullable(),
  customerEmail: z.string().nullable(),
  customerName: z.string().nullable(),
  /** The zone the customer booked in: their emails show times in it. */
  customerTimeZone: z.string(),
  checkoutRef: z.string(),
  amountCents: z.number().int().min(0),
  currency: z.string(),
});
export type SessionDetails = z.infer<typeof sessionDetailsSchema>;

/** A time kept for a customer while they pay; it lapses at `expiresAt` unless confirmed. */
export const SlotHeld = defineEvent({
  type: 'SlotHeld',
  schemaVersion: 1,
  schema: z.object({
    hostUserId: z.string(),
    holdId: z.string(),
    customerUserId: z.string(),
    ...window,
    expiresAt: iso,
    details: sessionDetailsSchema,
    at: iso,
  }),
});

export const SlotHoldReleased = defineEvent({
  type: 'SlotHoldReleased',
  schemaVersion: 1,
  schema: z.object({
    hostUserId: z.string(),
    holdId: z.string(),
    customerUserId: z.string(),
    reason: z.enum(['checkout_expired', 'checkout_cancelled', 'payment_failed', 'checkout_not_opened']),
    at: iso,
  }),
});

/** Paid: the held time becomes a booking (its id is the hold's). */
export const BookingConfirmed = defineEvent({
  type: 'BookingConfirmed',
  schemaVersion: 1,
  schema: z.object({
    hostUserId: z.string(),
    bookingId: z.string(),
    customerUserId: z.string(),
    ...window,
    details: sessionDetailsSchema,
    paymentIntentId: z.string().nullable(),
    at: iso,
  }),
});

/** Paid after the hold lapsed and someone else took the time: the payment is refunded in full. */
export const BookingRefusedSlotTaken = defineEvent({
  type: 'BookingRefusedSlotTaken',
  schemaVersion: 1,
  schema: z.object({
    hostUserId: z.string(),
    bookingId: z.string(),
    customerUserId: z.string(),
    ...window,
    details: sessionDetailsSchema,
    paymentIntentId: z.string().nullable(),
    at: iso,
  }),
});

export const BookingRescheduled = defineEvent({
  type: 'BookingRescheduled',
  schemaVersion: 1,
  schema: z.object({
    hostUserId: z.string(),
    bookingId: z.string(),
    customerUserId: z.string(),
    from: z.object(window),
    ...window,
    details: sessionDetailsSchema,
    sequence: z.number().int().min(1),
    at: iso,
  }),
});

/**
 * Cancelled by the customer or the host, or because the payment was taken back (a refund or
 * dispute made in Stripe). `refundCents` is what we give back; a reversed payment gives nothing more.
 */
export const BookingCancelled = defineEvent({
  type: 'BookingCancelled',
  schemaVersion: 1,
  schema: z.object({
    hostUserId: z.string(),
    bookingId: z.string(),
    customerUserId: z.string(),
    ...window,
    details: sessionDetailsSchema,
    paymentIntentId: z.string().nullable(),
    by: z.enum(['customer', 'host', 'payment_reversed']),
    refund: z.enum(['full', 'none']),
    refundCents: z.number().int().min(0),
    sequence: z.number().int().min(1),
    at: iso,
  }),
});

export const bookingEvents = [SlotHeld, SlotHoldReleased, BookingConfirmed, BookingRefusedSlotTaken, BookingRescheduled, BookingCancelled];
export type BookingEvent = ReturnType<(typeof bookingEvents)[number]>;
