import { z } from 'zod';

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
