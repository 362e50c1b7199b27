import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type DisputeEvidence, EVIDENCE_FIELD_MAX, EVIDENCE_FIELDS, type EvidenceField } from '@contracts/disputes/disputes.contract';
import { Button } from '../../../components/ui/Button';
import { ServerFnError } from '../../../lib/server-fn-client';
import { submitDisputeEvidenceMutation } from '../../../queries/disputes';
import { OwnerOnly } from './OwnerOnly';

const LABELS: Record<EvidenceField, string> = {
  customer_email_address: 'Customer email address',
  customer_name: 'Customer name',
  product_description: 'Product description',
  service_date: 'Service date',
  access_activity_log: 'Access activity log',
  refund_policy_disclosure: 'Refund policy disclosure',
  uncategorized_text: 'Receipt and communications (uncategorized text)',
};

const MULTILINE = new Set<EvidenceField>(['product_description', 'access_activity_log', 'refund_policy_disclosure', 'uncategorized_text']);

/** The assembled evidence, each Stripe field editable, and the one button that sends it to Stripe. */
export function DisputeEvidenceForm({ disputeId, evidence, submitted }: { disputeId: string; evidence: DisputeEvidence; submitted: boolean }) {
  const [draft, setDraft] = useState<DisputeEvidence>(evidence);
  const queryClient = useQueryClient();
  const submit = useMutation(submitDisputeEvidenceMutation(queryClient));
  const locked = submitted || submit.isSuccess;
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit.mutate({ disputeId, evidence: draft });
      }}
    >
      {EVIDENCE_FIELDS.map((field) => {
        const id = `evidence-${field}`;
        const common = {
          id,
          name: field,
          value: draft[field],
          readOnly: locked,
          maxLength: EVIDENCE_FIELD_MAX,
          className: 'w-full rounded-lg border border-line bg-surface px-3 py-2 font-mono text-sm text-ink',
        };
        return (
          <div key={field}>
            <label htmlFor={id} className="mb-1 block text-sm font-medium text-ink">
              {LABELS[field]} <span className="font-mono text-xs text-ink-subtle">{field}</span>
            </label>
            {MULTILINE.has(field) ? (
              <textarea {...common} rows={field === 'access_activity_log' ? 12 : 4} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} />
            ) : (
              <input {...common} onChange={(e) => setDraft({ ...draft, [field]: e.target.value })} />
            )}
          </div>
        );
      })}
      <div className="flex flex-wrap items-center gap-3">
        <a href={`/admin/disputes/${disputeId}/evidence.pdf`} download className="text-sm text-accent-200 underline">
          Download PDF
        </a>
        <a href={`/admin/disputes/${disputeId}/evidence.html`} download className="text-sm text-accent-200 underline">
          Printable page
        </a>
        {locked ? (
          <p className="text-sm text-success" role="status">
            Submitted to Stripe.
          </p>
        ) : (
          <OwnerOnly instead="Only an owner submits evidence to Stripe.">
            <Button type="submit" disabled={submit.isPending} aria-busy={submit.isPending || undefined}>
              {submit.isPending ? 'Submitting…' : 'Submit to Stripe'}
            </Button>
          </OwnerOnly>
        )}
      </div>
      <p aria-live="polite" className="text-sm">
        {submit.error ? (
          <span className="text-danger">{submit.error instanceof ServerFnError ? submit.error.message : 'Could not submit; try again.'}</span>
        ) : null}
      </p>
    </form>
  );
}
