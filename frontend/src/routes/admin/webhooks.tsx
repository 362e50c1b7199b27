import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { STRIPE_EVENT_OUTCOMES } from '@contracts/stripe/stripe.contract';
import { cx } from '../../components/ui/cx';
import { oneOf, searchReader } from '../../lib/search-params';
import { adminStripeEventsQuery, adminViewerQuery } from '../../queries/admin';
import { AdminFrame } from './-components/AdminFrame';
import { FILTER_PILL } from './-components/filter-pill';
import { AdminSignIn } from './-components/AdminSignIn';
import { OwnerOnly } from './-components/OwnerOnly';
import { RedriveButton } from './-components/RedriveButton';

const OUTCOME_STYLE: Record<(typeof STRIPE_EVENT_OUTCOMES)[number], string> = {
  pending: 'border-line-strong text-ink-muted',
  failed: 'border-danger/50 text-danger',
  handled: 'border-success/40 text-success',
  ignored: 'border-line text-ink-subtle',
};

const readSearch = searchReader({ outcome: oneOf(STRIPE_EVENT_OUTCOMES) });

export const Route = createFileRoute('/admin/webhooks')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: readSearch,
  loaderDeps: ({ search }) => readSearch(search),
  loader: ({ context, deps }) =>
    Promise.all([
      context.queryClient.ensureQueryData(adminStripeEventsQuery({ outcome: deps.outcome, limit: 100 })),
      context.queryClient.ensureQueryData(adminViewerQuery()),
    ]),
  component: WebhooksPage,
});

function WebhooksPage() {
  const { outcome } = Route.useSearch();
  const { data } = useSuspenseQuery(adminStripeEventsQuery({ outcome, limit: 100 }));
  if (!data) return <AdminSignIn failed={false} />;
  return (
    <AdminFrame title="Stripe webhooks">
      <ul className="flex flex-wrap gap-2" aria-label="Outcome">
        <li>
          <Link to="/admin/webhooks" search={{}} aria-current={!outcome ? 'page' : undefined} className={FILTER_PILL}>
            All
          </Link>
        </li>
        {STRIPE_EVENT_OUTCOMES.map((o) => (
          <li key={o}>
            <Link to="/admin/webhooks" search={{ outcome: o }} aria-current={outcome === o ? 'page' : undefined} className={`${FILTER_PILL} capitalize`}>
              {o} <span className="text-ink-subtle">{data.counts[o]}</span>
            </Link>
          </li>
        ))}
      </ul>
      {data.events.length === 0 ? (
        <p className="mt-8 text-sm text-ink-muted">
          No Stripe events {outcome ? `that are ${outcome}` : 'yet'}. Every verified delivery to /webhooks/stripe appears here.
        </p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-line">
          <table className="w-full min-w-[52rem] text-left text-sm">
            <thead className="bg-surface-raised text-xs text-ink-subtle uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Event
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Received
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Deliveries
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Attempts
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Outcome
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.events.map((event) => (
                <tr key={event.stripeEventId} id={event.stripeEventId} className="align-top target:bg-accent-600/10">
                  <th scope="row" className="px-4 py-3 font-normal">
                    <span className="block text-ink">{event.type}</span>
                    <span className="block font-mono text-xs text-ink-subtle">{event.stripeEventId}</span>
                  </th>
                  <td className="px-4 py-3 text-ink-subtle">
                    <time dateTime={event.receivedAt}>{event.receivedAt.replace('T', ' ').slice(0, 19)} UTC</time>
                  </td>
                  <td className="px-4 py-3 text-right text-ink-muted">{event.deliveries}</td>
                  <td className="px-4 py-3 text-right text-ink-muted">{event.attempts}</td>
                  <td className="px-4 py-3">
                    <span className={cx('inline-block rounded-full border px-2 py-0.5 text-xs capitalize', OUTCOME_STYLE[event.outcome])}>{event.outcome}</span>
                    {event.lastError ? <span className="mt-1 block max-w-xs text-xs text-danger">{event.lastError}</span> : null}
                  </td>
                  <td className="px-4 py-3 text-right">
                    {event.outcome === 'pending' || event.outcome === 'failed' ? (
                      <OwnerOnly instead="Owners re-drive">
                        <RedriveButton stripeEventId={event.stripeEventId} />
                      </OwnerOnly>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminFrame>
  );
}
