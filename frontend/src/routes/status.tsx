import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CheckCircle2, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '../components/ui/Button';
import { cx } from '../components/ui/cx';
import { formatDayTime } from '../lib/dates';
import { serviceStatusQuery } from '../queries/status';

export const Route = createFileRoute('/status')({
  loader: ({ context }) => context.queryClient.ensureQueryData(serviceStatusQuery()),
  head: () => ({
    meta: [
      { title: 'System status · SystemSculpt' },
      { name: 'description', content: 'Live status of the SystemSculpt website, accounts, checkout, licenses and fulfilment.' },
    ],
  }),
  component: StatusPage,
});

function StatusPage() {
  const { data, refetch, isFetching } = useSuspenseQuery(serviceStatusQuery());
  const operational = data.overall === 'operational';
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6 sm:py-24">
      <h1 className="text-3xl font-semibold tracking-tight text-ink sm:text-4xl">System status</h1>
      <div
        role="status"
        className={cx(
          'mt-8 flex items-center gap-3 rounded-xl border px-5 py-4',
          operational ? 'border-success/30 bg-success/10' : 'border-danger/40 bg-danger-soft',
        )}
      >
        {operational ? (
          <CheckCircle2 aria-hidden className="size-6 shrink-0 text-success" />
        ) : (
          <TriangleAlert aria-hidden className="size-6 shrink-0 text-danger" />
        )}
        <p className="font-medium text-ink">{operational ? 'All systems operational' : 'Some systems are having trouble. We are on it.'}</p>
      </div>
      <ul className="mt-8 divide-y divide-line overflow-hidden rounded-xl border border-line bg-surface-raised">
        {data.components.map((component) => (
          <li key={component.id} className="flex items-start justify-between gap-4 px-5 py-4">
            <div>
              <p className="font-medium text-ink">{component.name}</p>
              <p className="mt-1 text-sm text-ink-subtle">{component.description}</p>
            </div>
            <span
              className={cx(
                'mt-0.5 inline-flex shrink-0 items-center gap-2 text-sm font-medium',
                component.status === 'operational' ? 'text-success' : 'text-danger',
              )}
            >
              <span aria-hidden className={cx('size-2 rounded-full', component.status === 'operational' ? 'bg-success' : 'bg-danger')} />
              {component.status === 'operational' ? 'Operational' : 'Outage'}
            </span>
          </li>
        ))}
      </ul>
      <div className="mt-6 flex flex-wrap items-center justify-between gap-3 text-sm text-ink-subtle">
        <p>
          Last checked <time dateTime={data.checkedAt}>{formatDayTime(data.checkedAt)}</time>
        </p>
        <Button variant="secondary" size="sm" onClick={() => void refetch()} disabled={isFetching}>
          <RefreshCw aria-hidden className={cx(isFetching && 'animate-spin')} />
          {isFetching ? 'Checking…' : 'Check again'}
        </Button>
      </div>
    </div>
  );
}
