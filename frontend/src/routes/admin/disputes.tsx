import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import type { DisputeSummary } from '@contracts/disputes/disputes.contract';
import { searchReader, text } from '../../lib/search-params';
import { adminViewerQuery } from '../../queries/admin';
import { adminDisputeQuery, adminDisputesQuery } from '../../queries/disputes';
import { AdminFrame } from './-components/AdminFrame';
import { AdminSignIn } from './-components/AdminSignIn';
import { DisputeEvidenceForm } from './-components/DisputeEvidenceForm';

const readSearch = searchReader({ dispute: text({ trim: true, max: 120, pattern: /^dp_\w+$/ }) });

export const Route = createFileRoute('/admin/disputes')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: readSearch,
  loaderDeps: ({ search }) => readSearch(search),
  loader: async ({ context, deps }) => {
    await Promise.all([context.queryClient.ensureQueryData(adminDisputesQuery()), context.queryClient.ensureQueryData(adminViewerQuery())]);
    if (deps.dispute) await context.queryClient.ensureQueryData(adminDisputeQuery(deps.dispute));
  },
  component: DisputesPage,
});

const money = (cents: number, currency: string) => `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
const when = (iso: string | null) => (iso ? `${iso.replace('T', ' ').slice(0, 16)} UTC` : '—');

function DisputesPage() {
  const { dispute } = Route.useSearch();
  const { data } = useSuspenseQuery(adminDisputesQuery());
  if (!data) return <AdminSignIn failed={false} />;
  return (
    <AdminFrame title="Disputes">
      {data.disputes.length === 0 ? (
        <p className="text-sm text-ink-muted">No disputes. When Stripe reports one, its evidence is assembled from the account’s history and shown here.</p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line" aria-label="Disputes">
          {data.disputes.map((d) => (
            <DisputeRow key={d.disputeId} dispute={d} selected={d.disputeId === dispute} />
          ))}
        </ul>
      )}
      {dispute ? <DisputeDetail disputeId={dispute} /> : null}
    </AdminFrame>
  );
}

function DisputeRow({ dispute, selected }: { dispute: DisputeSummary; selected: boolean }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
      <Link
        to="/admin/disputes"
        search={{ dispute: dispute.disputeId }}
        aria-current={selected ? 'page' : undefined}
        className="font-mono text-accent-200 underline"
      >
        {dispute.disputeId}
      </Link>
      <span className="text-ink">{dispute.customerEmail ?? 'unknown customer'}</span>
      <span className="text-ink-muted">
        {money(dispute.amountCents, dispute.currency)} · {dispute.reason}
      </span>
      <span className="text-ink-subtle">{dispute.status === 'submitted' ? `Submitted ${when(dispute.submittedAt)}` : `Due ${when(dispute.dueBy)}`}</span>
    </li>
  );
}

function DisputeDetail({ disputeId }: { disputeId: string }) {
  const { data } = useSuspenseQuery(adminDisputeQuery(disputeId));
  if (!data) return <AdminSignIn failed={false} />;
  return (
    <section className="mt-8" aria-labelledby="dispute-evidence">
      <h2 id="dispute-evidence" className="text-xl font-semibold text-ink">
        Evidence for {disputeId}
      </h2>
      <p className="mt-1 mb-4 text-sm text-ink-muted">
        Assembled from the account’s history when Stripe reported the dispute. Review and edit each field, then submit: Stripe takes evidence once.
      </p>
      {data.evidence ? (
        <DisputeEvidenceForm key={disputeId} disputeId={disputeId} evidence={data.evidence} submitted={data.dispute.status === 'submitted'} />
      ) : (
        <p className="text-sm text-ink-muted">The evidence is still being assembled.</p>
      )}
    </section>
  );
}
