import { z } from 'zod';
import { defineServerFn } from '../server-fn';

const iso = z.iso.datetime({ offset: true });

/** What the log holds about a disputed purchase's account, read when the dispute arrives. */
export const evidenceFactsSchema = z.object({
  purchase: z
    .object({
      checkoutRef: z.string(),
      title: z.string(),
      resourceId: z.string(),
      quantity: z.number().int(),
      amountCents: z.number().int(),
      currency: z.string(),
      completedAt: iso,
      paymentIntentId: z.string().nullable(),
    })
    .nullable(),
  customer: z.object({ email: z.string().nullable(), name: z.string().nullable() }),
  licenses: z.array(z.object({ licenseId: z.string(), keyHint: z.string(), plan: z.string(), grantedAt: iso })),
  /** The plugin's license checks: how many, the first and last, and the latest few. */
  checks: z.object({
    count: z.number().int(),
    first: iso.nullable(),
    last: iso.nullable(),
    latest: z.array(z.object({ checkedAt: iso, code: z.string(), pluginVersion: z.string().nullable(), device: z.string().nullable() })),
  }),
  devices: z.array(z.object({ name: z.string().nullable(), pluginVersion: z.string().nullable(), activatedAt: iso, releasedAt: iso.nullable() })),
  downloads: z.array(z.object({ resourceId: z.string(), fileName: z.string(), version: z.number().int(), downloads: z.number().int(), lastDownloadedAt: iso })),
  credits: z.object({ entries: z.number().int(), credits: z.number(), first: iso.nullable(), last: iso.nullable() }),
  emails: z.array(z.object({ kind: z.string(), deliveredAt: iso })),
  /** Whether checkout recorded the buyer accepting the refund policy: it does not yet, and the evidence says so. */
  refundPolicyAccepted: z.boolean(),
});
export type EvidenceFacts = z.infer<typeof evidenceFactsSchema>;

/** The Stripe evidence text fields this site fills (Stripe's own names; file fields need uploads and are left out). */
export const EVIDENCE_FIELDS = [
  'customer_email_address',
  'customer_name',
  'product_description',
  'service_date',
  'access_activity_log',
  'refund_policy_disclosure',
  'uncategorized_text',
] as const;
export type EvidenceField = (typeof EVIDENCE_FIELDS)[number];

/** Stripe takes up to 20,000 characters per text field. */
export const EVIDENCE_FIELD_MAX = 20_000;
export const disputeEvidenceSchema = z.object(
  Object.fromEntries(EVIDENCE_FIELDS.map((field) => [field, z.string().max(EVIDENCE_FIELD_MAX)])) as Record<EvidenceField, z.ZodString>,
);
export type DisputeEvidence = z.infer<typeof disputeEvidenceSchema>;

export const DISPUTE_STATUSES = ['needs_response', 'submitted'] as const;

export const disputeSummarySchema = z.object({
  disputeId: z.string(),
  chargeId: z.string(),
  userId: z.string().nullable(),
  customerEmail: z.string().nullable(),
  amountCents: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  status: z.enum(DISPUTE_STATUSES),
  dueBy: z.string().nullable(),
  openedAt: z.string(),
  submittedAt: z.string().nullable(),
});
export type DisputeSummary = z.infer<typeof disputeSummarySchema>;

const disputeId = z
  .string()
  .trim()
  .regex(/^dp_\w{1,100}$/, 'a Stripe dispute id such as dp_…');

/** The disputes Stripe reported, newest first (admins only). */
export const adminListDisputes = defineServerFn({
  id: 'adminListDisputes',
  method: 'GET',
  input: z.object({}).strict(),
  output: z.object({ disputes: z.array(disputeSummarySchema) }),
  errors: ['FORBIDDEN'],
});

/** One dispute with the facts the log held and the evidence assembled (or submitted) from them. */
export const adminGetDispute = defineServerFn({
  id: 'adminGetDispute',
  method: 'GET',
  input: z.object({ disputeId }).strict(),
  output: z.object({ dispute: disputeSummarySchema, facts: evidenceFactsSchema.nullable(), evidence: disputeEvidenceSchema.nullable() }),
  errors: ['FORBIDDEN', 'disputes.not_found'],
});

/** Sends the evidence, as the admin reviewed it, to Stripe with submit=true. */
export const adminSubmitDisputeEvidence = defineServerFn({
  id: 'adminSubmitDisputeEvidence',
  method: 'POST',
  input: z.object({ disputeId, evidence: disputeEvidenceSchema.strict() }).strict(),
  output: z.object({ status: z.literal('submitted') }),
  errors: ['FORBIDDEN', 'admin.owner_only', 'disputes.not_found', 'disputes.already_submitted', 'disputes.submission_refused'],
});

export const disputesServerFns = [adminListDisputes, adminGetDispute, adminSubmitDisputeEvidence] as const;
