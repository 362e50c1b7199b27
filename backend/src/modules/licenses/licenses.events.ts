import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';

const iso = z.iso.datetime();

export const licenseStreamId = (licenseId: string) => `license-${licenseId}`;

/**
 * A license: lifetime (bought once) or following a subscription. The key is kept sealed (for its
 * owner's dashboard) and as a hash (for the plugin's validation); never in the clear.
 */
export const LicenseGranted = defineEvent({
  type: 'LicenseGranted',
  schemaVersion: 1,
  schema: z.object({
    licenseId: z.string(),
    userId: z.string(),
    email: z.string().nullable(),
    resourceId: z.string(),
    plan: z.string(),
    kind: z.enum(['lifetime', 'subscription']),
    seats: z.number().int().min(1),
    devicesPerSeat: z.number().int().min(1),
    includedCreditsPerMonth: z.number().int().min(0),
    keySealed: z.string(),
    keyHash: z.string(),
    keyHint: z.string(),
    source: z.object({ checkoutRef: z.string().nullable(), subscriptionId: z.string().nullable() }),
    /** Null for lifetime; the paid-through date for a subscription. */
    validUntil: iso.nullable(),
    grantedAt: iso,
  }),
});

/** A subscription's license follows its subscription: active, past due, or ended on a date. */
export const LicenseTermChanged = defineEvent({
  type: 'LicenseTermChanged',
  schemaVersion: 1,
  schema: z.object({ licenseId: z.string(), status: z.enum(['active', 'past_due', 'ended']), validUntil: iso.nullable(), at: iso }),
});

/**
 * Recorded when support extends a license to a date: a source of its own beside the
 * subscription's term, which no subscription event shortens. The license stays active until
 * `until` (or until its subscription's paid-through date, if later); only a revocation ends it
 * sooner. Extending again to a later date moves it on; an earlier one changes nothing.
 */
export const LicenseExtended = defineEvent({
  type: 'LicenseExtended',
  schemaVersion: 1,
  schema: z.object({ licenseId: z.string(), until: iso, at: iso }),
});

export const LicenseRevoked = defineEvent({
  type: 'LicenseRevoked',
  schemaVersion: 1,
  schema: z.object({ licenseId: z.string(), reason: z.enum(['refund', 'dispute', 'admin']), at: iso }),
});

/** Recorded when the owner gives a seat to someone else by email; they get their own key, bound to this license. */
export const SeatAssigned = defineEvent({
  type: 'SeatAssigned',
  schemaVersion: 1,
  formerTypes: ['LicensedUserAdded'],
  schema: z.object({
    licenseId: z.string(),
    ownerUserId: z.string(),
    ownerName: z.string(),
    planTitle: z.string(),
    email: z.string(),
    seatKeySealed: z.string(),
    seatKeyHash: z.string(),
    seatKeyHint: z.string(),
    at: iso,
  }),
});

/** Recorded when the owner takes a seat back; its key is refused from then on. */
export const SeatRemoved = defineEvent({
  type: 'SeatRemoved',
  schemaVersion: 1,
  formerTypes: ['LicensedUserRemoved'],
  schema: z.object({ licenseId: z.string(), ownerUserId: z.string(), email: z.string(), seatKeyHash: z.string(), at: iso }),
});

/** The owner replaced the key: the old one stops working at once; seats, devices and limits stay. */
export const LicenseKeyRotated = defineEvent({
  type: 'LicenseKeyRotated',
  schemaVersion: 1,
  schema: z.object({ licenseId: z.string(), oldKeyHash: z.string(), keySealed: z.string(), keyHash: z.string(), keyHint: z.string(), at: iso }),
});

/** Recorded when the subscription behind the license moved to another plan or number of seats: what it grants follows; the key stays. */
export const LicensePlanChanged = defineEvent({
  type: 'LicensePlanChanged',
  schemaVersion: 1,
  schema: z.object({
    licenseId: z.string(),
    resourceId: z.string(),
    plan: z.string(),
    seats: z.number().int().min(1),
    devicesPerSeat: z.number().int().min(1),
    includedCreditsPerMonth: z.number().int().min(0),
    at: iso,
  }),
});

export const licenseEvents = [
  LicenseGranted,
  LicenseTermChanged,
  LicenseExtended,
  LicenseRevoked,
  SeatAssigned,
  SeatRemoved,
  LicenseKeyRotated,
  LicensePlanChanged,
];
export type LicenseEvent = ReturnType<(typeof licenseEvents)[number]>;
