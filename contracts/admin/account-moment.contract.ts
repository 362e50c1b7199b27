import { z } from 'zod';
import { defineServerFn } from '../server-fn';
import { customerAccountSchema, customerUserId } from './customer-account.contract';

/** What an account held at one position of the log: the account page's sections that events decide. */
export const accountMomentSchema = customerAccountSchema.pick({
  plan: true,
  licenses: true,
  credits: true,
  resources: true,
  purchases: true,
  bookings: true,
  pendingPayments: true,
});
export type AccountMoment = z.infer<typeof accountMomentSchema>;

export const MOMENT_SECTIONS = ['plan', 'licenses', 'seats', 'devices', 'credits', 'resources', 'purchases', 'bookings', 'pendingPayments'] as const;
export type MomentSection = (typeof MOMENT_SECTIONS)[number];

/** One difference between then and now, readable on its own: "Seat for bo@example.com: added since". */
export const momentChangeSchema = z.object({
  section: z.enum(MOMENT_SECTIONS),
  /** What it is about: a license's plan and hint, a seat's email, a purchase's title. */
  subject: z.string(),
  change: z.enum(['added', 'removed', 'changed']),
  /** For a change: each field that differs, with its value then and now. */
  fields: z.array(z.object({ field: z.string(), then: z.string(), now: z.string() })),
});
export type MomentChange = z.infer<typeof momentChangeSchema>;

/** A global position of the log, as the timeline gives it. */
const position = z.string().regex(/^\d{1,19}$/);

/** The account as it was at a position of the log (or a time), folded from its events, with what has changed since. */
export const getAccountAtMoment = defineServerFn({
  id: 'getAccountAtMoment',
  method: 'GET',
  input: z
    .object({
      userId: customerUserId,
      /** After the event at this position (an entry of the timeline), and the others its command recorded with it. */
      position: position.optional(),
      /** Or after everything recorded up to this time. */
      at: z.iso.datetime({ offset: true }).optional(),
    })
    .strict()
    .refine((input) => (input.position === undefined) !== (input.at === undefined), { message: 'Give a position or a time, not both.' }),
  output: z.object({
    /** The last of the account's events folded in (the last its command recorded); null when it had none yet. */
    position: z.string().nullable(),
    /** When that event was recorded, or the time asked for when there was none. */
    recordedAt: z.string().nullable(),
    /** How many of the account's events the moment holds, out of how many there are now. */
    eventsThen: z.number().int(),
    eventsNow: z.number().int(),
    then: accountMomentSchema,
    now: accountMomentSchema,
    changes: z.array(momentChangeSchema),
  }),
  errors: ['FORBIDDEN'],
});
