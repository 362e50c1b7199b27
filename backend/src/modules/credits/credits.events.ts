import { z } from 'zod';
import { USAGE_KINDS, usageMeasuresSchema } from '../../../../contracts/plugin/credits-v1';
import { defineEvent } from '../../events/event-registry';

const iso = z.iso.datetime();

/** One credit account per license owner: add-on packs are theirs, shared by their licenses' keys and seats. */
export const creditStreamId = (userId: string) => `credits-${userId}`;

/** A credit pack bought (api_credits): add-on credits that never expire. */
export const AddOnCreditsAdded = defineEvent({
  type: 'AddOnCreditsAdded',
  schemaVersion: 1,
  schema: z.object({ userId: z.string(), packId: z.string(), resourceId: z.string(), title: z.string(), credits: z.number().int().min(1), at: iso }),
});

/** A pack refunded or disputed: what is left of it goes; what was spent stays spent. */
export const AddOnCreditsRemoved = defineEvent({
  type: 'AddOnCreditsRemoved',
  schemaVersion: 1,
  schema: z.object({ userId: z.string(), packId: z.string(), removed: z.number().int().min(0), reason: z.enum(['refund', 'dispute']), at: iso }),
});

/**
 * A license's allowance for one billing cycle, recorded when the cycle is first drawn on: included
 * credits start afresh each cycle, whatever was left of the last.
 */
export const IncludedCreditsCycleStarted = defineEvent({
  type: 'IncludedCreditsCycleStarted',
  schemaVersion: 1,
  schema: z.object({ userId: z.string(), licenseId: z.string(), cycleStart: iso, cycleEnd: iso, allowance: z.number().int().min(0), at: iso }),
});

/**
 * Usage the AI service served, paid from the cycle's included credits first, then from packs, oldest
 * first. v2 records the balances just before it and what the service measured, which the plugin's
 * usage list shows; a v1 entry has them as null (the projector works the balances out).
 */
export const CreditsDebited = defineEvent({
  type: 'CreditsDebited',
  schemaVersion: 2,
  schema: z.object({
    userId: z.string(),
    entryId: z.string(),
    requestId: z.string(),
    licenseId: z.string(),
    cycleStart: iso,
    endpoint: z.string(),
    usageKind: z.enum(USAGE_KINDS),
    credits: z.number().int().min(1),
    fromIncluded: z.number().int().min(0),
    fromPacks: z.array(z.object({ packId: z.string(), credits: z.number().int().min(1) })),
    includedBefore: z.number().int().min(0).nullable(),
    addOnBefore: z.number().int().min(0).nullable(),
    measures: usageMeasuresSchema.nullable(),
    at: iso,
  }),
  upcasters: { 1: (data) => ({ ...(data as object), includedBefore: null, addOnBefore: null, measures: null }) },
});

export const creditEvents = [AddOnCreditsAdded, AddOnCreditsRemoved, IncludedCreditsCycleStarted, CreditsDebited];
export type CreditEvent = ReturnType<(typeof creditEvents)[number]>;
