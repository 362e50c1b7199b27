import { z } from 'zod';
import { USAGE_KINDS } from '../plugin/credits-v1';
import { defineServerFn } from '../server-fn';

const iso = z.iso.datetime();
const count = z.number().int().min(0);

/** The account's credits as the plugin sees them through the owner's key, with where they came from and went. */
export const creditSummarySchema = z.object({
  /** The license whose included credits count now; null when none grants any. */
  includedFrom: z.object({ licenseId: z.string(), title: z.string(), cycleStartedAt: iso, cycleEndsAt: iso }).nullable(),
  /** Set when the credits are a seat's on someone else's license (the account holds none of its own). */
  seat: z.object({ licenseId: z.string(), planTitle: z.string() }).nullable(),
  includedPerMonth: count,
  includedRemaining: count,
  addOnRemaining: count,
  totalRemaining: count,
  packs: z.array(z.object({ packId: z.string(), title: z.string(), credits: count, remaining: count, addedAt: iso, removedReason: z.string().nullable() })),
  usage: z.array(z.object({ id: z.string(), createdAt: iso, endpoint: z.string(), usageKind: z.enum(USAGE_KINDS), credits: count })),
  purchasePath: z.string(),
});
export type CreditSummary = z.infer<typeof creditSummarySchema>;

export const getCreditSummary = defineServerFn({
  id: 'getCreditSummary',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: creditSummarySchema,
});
