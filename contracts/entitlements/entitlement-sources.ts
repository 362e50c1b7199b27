import { z } from 'zod';

const iso = z.string();

/**
 * What an account may use, one row each: its plan, support's extension of a plan's license, a
 * lifetime license, a seat, a resource, credits, a session.
 */
export const ENTITLEMENT_KINDS = ['plan', 'extension', 'license', 'seat', 'resource', 'included_credits', 'credit_pack', 'booked_session'] as const;
export type EntitlementKind = (typeof ENTITLEMENT_KINDS)[number];

/**
 * What ends an entitlement, or ended it. `renewal` is the one that does not end it: a plan
 * renews on that date unless it is cancelled first.
 */
export const END_KINDS = [
  'renewal',
  'period_end',
  'cancellation',
  'refund',
  'dispute',
  'seat_removal',
  'session_date',
  'revoked_by_support',
  'payment_due',
  'none',
] as const;
export type EndKind = (typeof END_KINDS)[number];

const purchase = z.object({
  kind: z.literal('purchase'),
  at: iso,
  title: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  /** How much of it has been refunded so far (a part leaves the access in place). */
  refundedCents: z.number().int().min(0),
  /** Our checkout reference (the Checkout Session's metadata); null for a renewal-only record. */
  checkoutRef: z.string().nullable(),
  checkoutSessionId: z.string().nullable(),
  paymentIntentId: z.string().nullable(),
  subscriptionId: z.string().nullable(),
});
const seat = z.object({ kind: z.literal('seat'), at: iso, licenseId: z.string(), ownerName: z.string(), ownerUserId: z.string(), planTitle: z.string() });
const included = z.object({ kind: z.literal('included'), at: iso, licenseId: z.string(), plan: z.string() });
const free = z.object({ kind: z.literal('free'), at: iso });
const adminGrant = z.object({
  kind: z.literal('admin'),
  at: iso,
  actionId: z.string(),
  actorId: z.string(),
  actorRole: z.string(),
  reason: z.string(),
});
/** Granted with no purchase or grant on the account's record (data older than the records). */
const unrecorded = z.object({ kind: z.literal('unrecorded'), at: iso });

export const entitlementSourceSchema = z.discriminatedUnion('kind', [purchase, seat, included, free, adminGrant, unrecorded]);
export type EntitlementSourceOrigin = z.infer<typeof entitlementSourceSchema>;

export const entitlementEndSchema = z.object({
  state: z.enum(['active', 'ended']),
  /** When it renews, ends or ended; null when nothing but `alsoEndedBy` would end it. */
  at: iso.nullable(),
  by: z.enum(END_KINDS),
  /** What else would end it before then. */
  alsoEndedBy: z.array(z.enum(END_KINDS)),
});
export type EntitlementEnd = z.infer<typeof entitlementEndSchema>;

export const entitlementEventSchema = z.object({ position: z.string(), type: z.string(), at: iso });

/** One entitlement as support sees it: where it came from, what ends it, and the events behind it. */
export const entitlementSchema = z.object({
  /** Stable within the account: `<kind>:<the id that names it>`. */
  id: z.string(),
  kind: z.enum(ENTITLEMENT_KINDS),
  title: z.string(),
  /** What it gives, in a few words: "3 seats", "500 credits a month", "120 of 500 credits left". */
  detail: z.string().nullable(),
  source: entitlementSourceSchema,
  ends: entitlementEndSchema,
  events: z.array(entitlementEventSchema),
});
export type Entitlement = z.infer<typeof entitlementSchema>;

/**
 * The customer's own view: a grant by support says so and when, not who or why (the reason is a
 * note between colleagues); a seat names its giver, not their account id.
 */
const customerSource = z.discriminatedUnion('kind', [
  purchase,
  seat.omit({ ownerUserId: true }),
  included,
  free,
  z.object({ kind: z.literal('support'), at: iso }),
  unrecorded,
]);

export const customerEntitlementSchema = entitlementSchema.omit({ events: true, source: true }).extend({ source: customerSource });
export type CustomerEntitlement = z.infer<typeof customerEntitlementSchema>;
