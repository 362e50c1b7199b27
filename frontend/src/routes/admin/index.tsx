import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { adminProjectorsQuery, adminViewerQuery } from '../../queries/admin';
import { AdminFrame } from './-components/AdminFrame';
import { CustomerSearch } from './-components/CustomerSearch';
import { AdminSignIn } from './-components/AdminSignIn';
import { OwnerOnly } from './-components/OwnerOnly';
import { ReplayButton } from './-components/ReplayButton';

export const Route = createFileRoute('/admin/')({
  // Admin code (its contract, queries and loader) loads with the page, never with the public site.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => Promise.all([context.queryClient.ensureQueryData(adminProjectorsQuery()), context.queryClient.ensureQueryData(adminViewerQuery())]),
  component: ReadModels,
});

function ReadModels() {
  const { data } = useSuspenseQuery(adminProjectorsQuery());
  const { signin } = Route.useSearch();
  if (!data) return <AdminSignIn failed={signin === 'failed'} />;
  return (
    <AdminFrame title="Read models">
      <CustomerSearch />
      <p className="text-sm text-ink-muted">
        The log's head is at position <span className="font-mono text-ink">{data.headPosition}</span>. Each read model is built by its projector in the worker;
        a replay rebuilds it from position 0 beside the live tables and swaps it in.
      </p>
      <div className="mt-6 overflow-x-auto rounded-xl border border-line">
        <table className="w-full min-w-[44rem] text-left text-sm">
          <thead className="bg-surface-raised text-xs text-ink-subtle uppercase">
            <tr>
              <th scope="col" className="px-4 py-3 font-medium">
                Projector
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Tables
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Checkpoint
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Applied
              </th>
              <th scope="col" className="px-4 py-3 text-right font-medium">
                Lag
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                Updated
              </th>
              <th scope="col" className="px-4 py-3 font-medium">
                <span className="sr-only">Replay</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {data.projectors.map((projector) => (
              <tr key={projector.name} className="align-top">
                <th scope="row" className="px-4 py-3 font-medium text-ink">
                  {projector.name}
                </th>
                <td className="px-4 py-3 font-mono text-xs text-ink-muted">{projector.tables.join(', ')}</td>
                <td className="px-4 py-3 text-right font-mono text-ink-muted">{projector.checkpointPosition}</td>
                <td className="px-4 py-3 text-right text-ink-muted">{projector.eventsApplied.toLocaleString('en-US')}</td>
                <td className={projector.lag > 0 ? 'px-4 py-3 text-right font-medium text-accent-200' : 'px-4 py-3 text-right text-ink-muted'}>
                  {projector.lag.toLocaleString('en-US')}
                </td>
                <td className="px-4 py-3 text-ink-subtle">
                  {projector.updatedAt ? (
                    <time dateTime={projector.updatedAt}>{new Date(projector.updatedAt).toISOString().replace('T', ' ').slice(0, 19)} UTC</time>
                  ) : (
                    'never'
                  )}
                </td>
                <td className="px-4 py-3">
                  <OwnerOnly instead="Owners replay">
                    <ReplayButton projector={projector.name} latest={projector.replay} />
                  </OwnerOnly>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AdminFrame>
  );
}
