import { z } from 'zod';
import { defineServerFn } from '../server-fn';

export const SESSION_CHECKOUT_STATUSES = ['success', 'cancelled', 'error'] as const;

/** `/sessions?status=`: the outcome of a booking checkout. Anything else is an error screen. */
export const sessionsSearchSchema = z.object({ status: z.enum(SESSION_CHECKOUT_STATUSES).optional() }).strict();
export type SessionsSearch = z.infer<typeof sessionsSearchSchema>;

const iso = z.iso.datetime();
const zone = z
  .string()
  .min(1)
  .max(64)
  .refine((value) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: value });
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone.');

/** An open time, in UTC; the browser shows it in the visitor's zone. */
export const openSlotSchema = z.object({ start: iso, end: iso, hostUserId: z.string() });
export type OpenSlot = z.infer<typeof openSlotSchema>;

export const sessionTypeSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  features: z.array(z.string()),
  minutes: z.number().int().positive(),
  priceCents: z.number().int().min(0),
  currency: z.string(),
  /** Open slots from the minimum notice over the next four weeks (or the hosts' horizon, if nearer), earliest first. */
  slots: z.array(openSlotSchema),
});
export type SessionType = z.infer<typeof sessionTypeSchema>;

export const sessionsPageDataSchema = z.object({
  sessionTypes: z.array(sessionTypeSchema),
  hosts: z.array(z.object({ userId: z.string(), name: z.string() })),
  /** How long a chosen time is kept while the customer pays. */
  holdMinutes: z.number().int().positive(),
  /** The cancellation and rescheduling policy, as one sentence. */
  policy: z.string(),
  /** For a signed-in visitor after a checkout: their latest booking, to say what happened. */
  latest: z
    .object({ bookingId: z.string(), status: z.enum(['held', 'confirmed', 'released', 'refused', 'cancelled']), start: iso, sessionTitle: z.string() })
    .nullable(),
});
export type SessionsPageData = z.infer<typeof sessionsPageDataSchema>;

export const getSessionsPageData = defineServerFn({
  id: 'getSessionsPageData',
  method: 'GET',
  input: sessionsSearchSchema.default({}),
  output: sessionsPageDataSchema,
});

/**
 * Holds the time for the signed-in customer and opens a Stripe Checkout for the session type.
 * A time someone else holds or booked answers 409 `booking.slot_taken`.
 */
export const bookSession = defineServerFn({
  id: 'bookSession',
  method: 'POST',
  input: z.object({ sessionTypeId: z.string().trim().min(1).max(120), hostUserId: z.string().min(1).max(200), start: iso, timeZone: zone }).strict(),
  output: z.object({ outcome: z.literal('redirect'), url: z.string() }).or(z.object({ outcome: z.literal('configuration-error') })),
  errors: ['booking.slot_taken', 'booking.slot_unavailable', 'booking.not_a_session', 'booking.too_many_holds'],
});

/** After a cancelled checkout: gives back the customer's open hold at once (its Stripe session expires). */
export const releaseSessionHold = defineServerFn({
  id: 'releaseSessionHold',
  method: 'POST',
  input: z.object({}).strict().default({}),
  output: z.object({ released: z.number().int().min(0) }),
});

export const bookingStatusSchema = z.enum(['held', 'confirmed', 'released', 'refused', 'cancelled']);

export const bookedSessionSchema = z.object({
  bookingId: z.string(),
  sessionTypeId: z.string(),
  sessionTitle: z.string(),
  hostName: z.string(),
  start: iso,
  end: iso,
  minutes: z.number().int().positive(),
  status: bookingStatusSchema,
  meetingUrl: z.string().nullable(),
  /** Whether cancelling now refunds in full (up to 24 hours before the start). */
  refundable: z.boolean(),
  /** Rescheduling is open up to 24 hours before the start. */
  reschedulable: z.boolean(),
  refund: z.enum(['full', 'none']).nullable(),
  amountCents: z.number().int().min(0),
  currency: z.string(),
});
export type BookedSession = z.infer<typeof bookedSessionSchema>;

export const getMySessions = defineServerFn({
  id: 'getMySessions',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({
    upcoming: z.array(bookedSessionSchema),
    /** Sessions that took place. */
    past: z.array(bookedSessionSchema),
    /** Cancelled, or never booked (another buyer took the time, the checkout was not finished): never "past". */
    cancelled: z.array(bookedSessionSchema),
    policy: z.string(),
  }),
});

/** Open times a booking can move to: same host and length, the booking's own time left out. */
export const getRescheduleSlots = defineServerFn({
  id: 'getRescheduleSlots',
  method: 'GET',
  input: z.object({ bookingId: z.string().min(1).max(200) }).strict(),
  output: z.object({ slots: z.array(openSlotSchema) }),
  errors: ['booking.not_found'],
});

export const rescheduleSession = defineServerFn({
  id: 'rescheduleSession',
  method: 'POST',
  input: z.object({ bookingId: z.string().min(1).max(200), start: iso }).strict(),
  output: z.object({ session: bookedSessionSchema }),
  errors: ['booking.not_found', 'booking.slot_taken', 'booking.slot_unavailable', 'booking.too_late'],
});

export const cancelSession = defineServerFn({
  id: 'cancelSession',
  method: 'POST',
  input: z.object({ bookingId: z.string().min(1).max(200) }).strict(),
  output: z.object({ session: bookedSessionSchema }),
  errors: ['booking.not_found'],
});

export const sessionsServerFns = [getSessionsPageData, bookSession, releaseSessionHold, getMySessions, getRescheduleSlots, rescheduleSession, cancelSession];

/** A booked session as its host sees it: who booked, when, and for what. */
export const hostSessionSchema = z.object({
  bookingId: z.string(),
  sessionTitle: z.string(),
  customerName: z.string().nullable(),
  customerEmail: z.string().nullable(),
  start: iso,
  end: iso,
  minutes: z.number().int().positive(),
});
export type HostSession = z.infer<typeof hostSessionSchema>;

export const getHostSessions = defineServerFn({
  id: 'getHostSessions',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({ upcoming: z.array(hostSessionSchema) }),
  errors: ['booking.not_a_host'],
});

/** The host calls a session off: the customer is refunded in full, whenever it is. */
export const hostCancelSession = defineServerFn({
  id: 'hostCancelSession',
  method: 'POST',
  input: z.object({ bookingId: z.string().min(1).max(200) }).strict(),
  output: z.object({ cancelled: z.literal(true) }),
  errors: ['booking.not_a_host', 'booking.not_found'],
});

export const hostSessionsServerFns = [getHostSessions, hostCancelSession];
