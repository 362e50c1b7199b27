import { z } from 'zod';
import { defineServerFn } from '../server-fn';

const iso = z.iso.datetime();

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
