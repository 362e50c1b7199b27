import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { searchReader, text } from '../../lib/search-params';
import { adminStreamsQuery } from '../../queries/admin';
import { AdminFrame } from './-components/AdminFrame';
import { FILTER_PILL } from './-components/filter-pill';
import { AdminSignIn } from './-components/AdminSignIn';

const readSearch = searchReader({ category: text({ trim: true, min: 1, max: 100 }) });

export const Route = createFileRoute('/admin/streams')({
  // Admin code (its contract, queries and loader) loads with the page, never with the public site.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: readSearch,
  loaderDeps: ({ search }) => readSearch(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(adminStreamsQuery({ category: deps.category, limit: 100 })),
  component: StreamsPage,
});

function StreamsPage() {
  const { category } = Route.useSearch();
  const { data } = useSuspenseQuery(adminStreamsQuery({ category, limit: 100 }));
  if (!data) return <AdminSignIn failed={false} />;
  return (
    <AdminFrame title="Streams">
      <ul className="flex flex-wrap gap-2" aria-label="Categories">
        <li>
          <Link to="/admin/streams" search={{}} aria-current={!category ? 'page' : undefined} className={FILTER_PILL}>
            All
          </Link>
        </li>
        {data.categories.map((c) => (
          <li key={c.category}>
            <Link to="/admin/streams" search={{ category: c.category }} aria-current={category === c.category ? 'page' : undefined} className={FILTER_PILL}>
              {c.category} <span className="text-ink-subtle">{c.streams}</span>
            </Link>
          </li>
        ))}
      </ul>
      {data.streams.length === 0 ? (
        <p className="mt-8 text-sm text-ink-muted">No streams yet. They appear here as soon as something is recorded.</p>
      ) : (
        <div className="mt-6 overflow-x-auto rounded-xl border border-line">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="bg-surface-raised text-xs text-ink-subtle uppercase">
              <tr>
                <th scope="col" className="px-4 py-3 font-medium">
                  Stream
                </th>
                <th scope="col" className="px-4 py-3 text-right font-medium">
                  Version
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  Last event
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  By
                </th>
                <th scope="col" className="px-4 py-3 font-medium">
                  When
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {data.streams.map((stream) => (
                <tr key={stream.streamId}>
                  <th scope="row" className="px-4 py-3 font-mono text-xs font-normal">
                    <Link to="/admin/events" search={{ streamId: stream.streamId }} className="text-accent-300 hover:underline">
                      {stream.streamId}
                    </Link>
                  </th>
                  <td className="px-4 py-3 text-right text-ink-muted">{stream.version}</td>
                  <td className="px-4 py-3 text-ink">{stream.lastEventType}</td>
                  <td className="px-4 py-3 text-ink-muted">{stream.lastActor}</td>
                  <td className="px-4 py-3 text-ink-subtle">
                    <time dateTime={stream.lastRecordedAt}>{stream.lastRecordedAt.replace('T', ' ').slice(0, 19)} UTC</time>
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
