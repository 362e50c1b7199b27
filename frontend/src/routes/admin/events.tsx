import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { isoDateTime, logPosition, searchReader, text } from '../../lib/search-params';
import { adminEventsQuery } from '../../queries/admin';
import { AdminFrame } from './-components/AdminFrame';
import { AdminSignIn } from './-components/AdminSignIn';

const optionalText = text({ trim: true, min: 1, max: 200 });
const readSearch = searchReader({
  streamId: optionalText,
  type: optionalText,
  customer: optionalText,
  from: isoDateTime,
  to: isoDateTime,
  before: logPosition,
});

export const Route = createFileRoute('/admin/events')({
  // Admin code (its contract, queries and loader) loads with the page, never with the public site.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: readSearch,
  loaderDeps: ({ search }) => readSearch(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(adminEventsQuery({ ...deps, limit: 50 })),
  component: EventsPage,
});

const INPUT = 'h-9 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-ink focus:border-accent-400';

function EventsPage() {
  const search = Route.useLoaderDeps();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(adminEventsQuery({ ...search, limit: 50 }));
  if (!data) return <AdminSignIn failed={false} />;

  const toIso = (value: FormDataEntryValue | null) => (typeof value === 'string' && value ? new Date(value).toISOString() : undefined);
  const text = (value: FormDataEntryValue | null) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

  return (
    <AdminFrame title="Events">
      <form
        method="get"
        className="grid gap-3 rounded-xl border border-line bg-surface-raised p-4 sm:grid-cols-2 lg:grid-cols-6"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          void navigate({
            search: {
              streamId: text(form.get('streamId')),
              type: text(form.get('type')),
              customer: text(form.get('customer')),
              from: toIso(form.get('from')),
              to: toIso(form.get('to')),
            },
          });
        }}
      >
        <label className="text-xs text-ink-subtle lg:col-span-2">
          Stream
          <input name="streamId" defaultValue={search.streamId} placeholder="license-…" className={`${INPUT} mt-1`} />
        </label>
        <label className="text-xs text-ink-subtle">
          Type
          <select name="type" defaultValue={search.type ?? ''} className={`${INPUT} mt-1`}>
            <option value="">Any type</option>
            {data.types.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs text-ink-subtle">
          Customer (user id)
          <input name="customer" defaultValue={search.customer} className={`${INPUT} mt-1`} />
        </label>
        <label className="text-xs text-ink-subtle">
          From
          <input name="from" type="datetime-local" defaultValue={search.from?.slice(0, 16)} className={`${INPUT} mt-1`} />
        </label>
        <label className="text-xs text-ink-subtle">
          To
          <input name="to" type="datetime-local" defaultValue={search.to?.slice(0, 16)} className={`${INPUT} mt-1`} />
        </label>
        <div className="flex items-end gap-3 sm:col-span-2 lg:col-span-6">
          <button type="submit" className="h-9 rounded-lg bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700">
            Filter
          </button>
          <Link to="/admin/events" search={{}} className="text-sm text-ink-subtle hover:text-ink">
            Clear
          </Link>
        </div>
      </form>

      {data.events.length === 0 ? (
        <p className="mt-8 text-sm text-ink-muted">No events match these filters.</p>
      ) : (
        <ol className="mt-6 space-y-2" aria-label="Events, newest first">
          {data.events.map((event) => (
            <li key={event.position} className="rounded-xl border border-line bg-surface-raised">
              <details>
                <summary className="flex cursor-pointer flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
                  <span className="font-mono text-xs text-ink-subtle">#{event.position}</span>
                  <span className="font-medium text-ink">{event.type}</span>
                  <Link to="/admin/events" search={{ streamId: event.streamId }} className="font-mono text-xs text-accent-300 hover:underline">
                    {event.streamId} v{event.streamVersion}
                  </Link>
                  <time dateTime={event.recordedAt} className="ml-auto text-xs text-ink-subtle">
                    {event.recordedAt.replace('T', ' ').slice(0, 19)} UTC
                  </time>
                </summary>
                <pre className="overflow-x-auto border-t border-line px-4 py-3 font-mono text-xs leading-relaxed text-ink-muted">
                  {JSON.stringify({ data: event.data, metadata: event.metadata, schemaVersion: event.schemaVersion }, null, 2)}
                </pre>
              </details>
            </li>
          ))}
        </ol>
      )}
      {data.nextBefore ? (
        <div className="mt-6">
          <Link to="/admin/events" search={{ ...search, before: data.nextBefore }} className="text-sm font-medium text-accent-300 hover:underline">
            Older events →
          </Link>
        </div>
      ) : null}
    </AdminFrame>
  );
}
