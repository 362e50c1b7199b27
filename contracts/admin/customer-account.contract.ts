import { z } from 'zod';
import { defineServerFn } from '../server-fn';

/** A user id as the identity providers issue them: letters, digits and a few separators. */
export const customerUserId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:@|-]{1,200}$/);

const iso = z.string();

export const customerAccountSchema = z.object({
  userId: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** The plan of the account's latest license still in force, if any. */
  plan: z.string().nullable(),
  licenses: z.array(
    z.object({
      licenseId: z.string(),
      plan: z.string(),
      kind: z.string(),
      status: z.string(),
      keyHint: z.string(),
      seats: z.number().int(),
      devicesPerSeat: z.number().int(),
      validUntil: iso.nullable(),
      /** The subscription it follows, for a subscription's license. */
      subscriptionId: z.string().nullable(),
      grantedAt: iso,
      seatHolders: z.array(z.object({ email: z.string(), addedAt: iso })),
      devices: z.array(
        z.object({ seat: z.string(), name: z.string().nullable(), pluginVersion: z.string().nullable(), activatedAt: iso, releasedAt: iso.nullable() }),
      ),
    }),
  ),
  credits: z.object({ included: z.number(), packs: z.number(), balance: z.number() }),
  resources: z.array(z.object({ resourceId: z.string(), source: z.string(), grantedAt: iso })),
  purchases: z.array(
    z.object({
      checkoutRef: z.string(),
      title: z.string(),
      amountCents: z.number().int(),
      currency: z.string(),
      status: z.string(),
      refundedCents: z.number().int(),
      completedAt: iso.nullable(),
    }),
  ),
  bookings: z.array(z.object({ bookingId: z.string(), title: z.string(), hostName: z.string(), startAt: iso, status: z.string() })),
  emails: z.array(z.object({ kind: z.string(), toAddress: z.string(), deliveredAt: iso, causationId: z.string().nullable() })),
  pendingPayments: z.array(
    z.object({
      id: z.string(),
      resourceId: z.string(),
      kind: z.string(),
      status: z.string(),
      amountCents: z.number().int().nullable(),
      currency: z.string().nullable(),
      openedAt: iso,
      expiresAt: iso.nullable(),
    }),
  ),
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;

/** The account page in /admin: what a customer has now, read from the read models. */
export const getCustomerAccount = defineServerFn({
  id: 'getCustomerAccount',
  method: 'GET',
  input: z.object({ userId: customerUserId }).strict(),
  output: customerAccountSchema,
  errors: ['FORBIDDEN'],
});

/** Kinds of events the timeline filters by: each names the streams that hold them. */
export const TIMELINE_KINDS = ['payments', 'licenses', 'devices', 'credits', 'library', 'bookings', 'support'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

const causeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('stripe-event'), stripeEventId: z.string(), stripeType: z.string().nullable() }),
  z.object({ kind: z.literal('event'), position: z.string(), type: z.string().nullable() }),
  z.object({ kind: z.literal('other'), id: z.string() }),
]);
export type TimelineCause = z.infer<typeof causeSchema>;

export const timelineEntrySchema = z.object({
  position: z.string(),
  recordedAt: iso,
  type: z.string(),
  kind: z.enum(TIMELINE_KINDS),
  streamId: z.string(),
  summary: z.string(),
  actor: z.string(),
  /** What caused it: null when a request did (its actor is the cause). */
  cause: causeSchema.nullable(),
  correlationId: z.string().nullable(),
  /** The other events of its chain (sharing its correlation id), oldest first, a few at most. */
  related: z.array(z.object({ position: z.string(), type: z.string(), streamId: z.string() })),
  /** The emails it sent. */
  emails: z.array(z.object({ kind: z.string(), toAddress: z.string(), deliveredAt: iso })),
  /** The plugin's checks of the account's license keys within an hour either side of it. */
  pluginChecks: z.object({ allowed: z.number().int(), refused: z.number().int(), first: iso.nullable(), last: iso.nullable() }),
  data: z.unknown(),
  metadata: z.record(z.string(), z.unknown()),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

/** Every event on the account's streams, newest first, each with its cause and effects. */
export const getCustomerTimeline = defineServerFn({
  id: 'getCustomerTimeline',
  method: 'GET',
  input: z
    .object({
      userId: customerUserId,
      kind: z.enum(TIMELINE_KINDS).optional(),
      from: z.iso.datetime({ offset: true }).optional(),
      to: z.iso.datetime({ offset: true }).optional(),
      /** Page backwards from this global position. */
      before: z
        .string()
        .regex(/^\d{1,19}$/)
        .optional(),
      limit: z.number().int().min(1).max(100).default(25),
    })
    .strict(),
  output: z.object({ entries: z.array(timelineEntrySchema), nextBefore: z.string().nullable() }),
  errors: ['FORBIDDEN'],
});
