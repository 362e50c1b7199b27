import { z } from 'zod';
import { defineEvent } from '../../events/event-registry';
import { disputeEvidenceSchema, evidenceFactsSchema } from './dispute-evidence';

const iso = z.iso.datetime();

/** A dispute's stream: `dispute-<Stripe dispute id>`. */
export const disputeStreamId = (disputeId: string) => `dispute-${disputeId}`;

/** Recorded when Stripe reports a dispute (`charge.dispute.created`) on a payment of ours. */
export const DisputeOpened = defineEvent({
  type: 'DisputeOpened',
  schemaVersion: 1,
  schema: z.object({
    disputeId: z.string(),
    chargeId: z.string(),
    paymentIntentId: z.string().nullable(),
    checkoutRef: z.string().nullable(),
    userId: z.string().nullable(),
    amountCents: z.number().int(),
    currency: z.string(),
    reason: z.string(),
    /** When Stripe needs the evidence by. */
    dueBy: iso.nullable(),
    at: iso,
  }),
});

/** Recorded once per dispute, when the evidence the log holds for the account is read and written into Stripe's fields. */
export const DisputeEvidenceAssembled = defineEvent({
  type: 'DisputeEvidenceAssembled',
  schemaVersion: 1,
  schema: z.object({
    disputeId: z.string(),
    /** The Stripe event that caused the assembly: its retries assemble nothing more. */
    stripeEventId: z.string(),
    facts: evidenceFactsSchema,
    evidence: disputeEvidenceSchema,
    at: iso,
  }),
});

/** Recorded when Stripe accepted the evidence an admin submitted for the dispute. */
export const DisputeEvidenceSubmitted = defineEvent({
  type: 'DisputeEvidenceSubmitted',
  schemaVersion: 1,
  schema: z.object({ disputeId: z.string(), evidence: disputeEvidenceSchema, stripeStatus: z.string(), at: iso }),
});

export const disputeEvents = [DisputeOpened, DisputeEvidenceAssembled, DisputeEvidenceSubmitted] as const;
export type DisputeEvent = ReturnType<(typeof disputeEvents)[number]>;
