import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { invalid, missing, ok, parse } from './emulator-answers';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';

/** Stripe's text evidence fields (up to 20,000 characters together, as Stripe counts them). */
const TEXT_FIELDS = [
  'access_activity_log',
  'billing_address',
  'cancellation_policy_disclosure',
  'cancellation_rebuttal',
  'customer_email_address',
  'customer_name',
  'customer_purchase_ip',
  'duplicate_charge_explanation',
  'duplicate_charge_id',
  'product_description',
  'refund_policy_disclosure',
  'refund_refusal_explanation',
  'service_date',
  'shipping_address',
  'shipping_carrier',
  'shipping_date',
  'shipping_tracking_number',
  'uncategorized_text',
] as const;

/** The evidence fields that take the id of a File uploaded to Stripe. */
const FILE_FIELDS = [
  'cancellation_policy',
  'customer_communication',
  'customer_signature',
  'duplicate_charge_documentation',
  'receipt',
  'refund_policy',
  'service_documentation',
  'shipping_documentation',
  'uncategorized_file',
] as const;

const MAX_TEXT_TOTAL = 150_000;

const evidenceParams = z
  .object({
    ...Object.fromEntries(TEXT_FIELDS.map((field) => [field, z.string().max(20_000).optional()])),
    ...Object.fromEntries(
      FILE_FIELDS.map((field) => [
        field,
        z
          .string()
          .regex(/^(file_\w+)?$/, 'expected the id of a File')
          .optional(),
      ]),
    ),
  })
  .strict();

export const disputeUpdateParams = z
  .object({
    evidence: evidenceParams.optional(),
    submit: z.enum(['true', 'false']).optional(),
    metadata: z.record(z.string(), z.string()).optional(),
  })
  .strict();

const OPEN = new Set(['warning_needs_response', 'needs_response']);

/**
 * POST /v1/disputes/{id}, as Stripe answers it: evidence fields by name (an unknown one is refused),
 * merged into what was saved before; `submit=true` sends it, after which the dispute is under
 * review and takes no more evidence.
 */
export async function updateDispute(store: EmulatorStore, id: string, params: unknown, em: EntityManager): Promise<EmulatorAnswer> {
  const parsed = parse(disputeUpdateParams, params);
  if ('answer' in parsed) return parsed.answer;
  await store.lock(id, em);
  const dispute = await store.get(id, 'dispute', em);
  if (!dispute) return missing('dispute', id);
  if (!OPEN.has(String(dispute.status)))
    return invalid(`This dispute is already closed or its evidence was submitted (status ${String(dispute.status)}).`, undefined, 'dispute_already_closed');
  const given = Object.fromEntries(Object.entries(parsed.data.evidence ?? {}).map(([field, value]) => [field, value === '' ? null : value]));
  const evidence = { ...(dispute.evidence as Record<string, unknown>), ...given };
  const textLength = TEXT_FIELDS.reduce((sum, field) => sum + (typeof evidence[field] === 'string' ? (evidence[field] as string).length : 0), 0);
  if (textLength > MAX_TEXT_TOTAL) return invalid('The evidence text fields together exceed the length Stripe accepts.', 'evidence');
  const submit = parsed.data.submit === 'true';
  const details = dispute.evidence_details as Record<string, unknown>;
  const hasEvidence = Object.entries(evidence).some(([field, value]) => field !== 'enhanced_evidence' && value !== null);
  const updated: StripeObject = {
    ...dispute,
    evidence,
    evidence_details: {
      ...details,
      has_evidence: hasEvidence,
      submission_count: Number(details.submission_count ?? 0) + (submit ? 1 : 0),
      ...(submit ? { submission_method: 'manual' } : {}),
    },
    metadata: { ...(dispute.metadata as Record<string, string>), ...parsed.data.metadata },
    status: submit ? 'under_review' : dispute.status,
  };
  return ok(await store.put(updated, em));
}
