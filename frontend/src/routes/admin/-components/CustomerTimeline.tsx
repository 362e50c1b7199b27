import { Link, useNavigate } from '@tanstack/react-router';
import { TIMELINE_KINDS, type TimelineEntry, type TimelineKind } from '@contracts/admin/customer-account.contract';

interface TimelineSearch {
  kind?: TimelineKind;
  from?: string;
  to?: string;
  before?: string;
}

const INPUT = 'h-9 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-ink focus:border-accent-400';
const when = (iso: string) => `${iso.replace('T', ' ').slice(0, 19)} UTC`;
/** The events page opened at an event: it lists backwards from just after its position. */
const atEvent = (position: string) => ({ before: (BigInt(position) + 1n).toString() });

/** Every event on the account's streams, newest first, each with what caused it and what followed. */
export function CustomerTimeline({
  userId,
  search,
  page,
}: {
  userId: string;
  search: TimelineSearch;
  page: { entries: TimelineEntry[]; nextBefore: string | null };
}) {
  const navigate = useNavigate({ from: '/admin/customers/$userId' });
  const day = (value: FormDataEntryValue | null) => (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
  return (
    <section aria-labelledby="timeline" className="mt-10">
      <h2 id="timeline" className="text-lg font-semibold text-ink">
        Timeline
      </h2>
      <form
        method="get"
        aria-label="Filter the timeline"
        className="mt-3 grid gap-3 rounded-xl border border-line bg-surface-raised p-4 sm:grid-cols-4"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const kind = form.get('kind');
          const from = day(form.get('fromDay'));
          const to = day(form.get('toDay'));
          void navigate({
            params: { userId },
            search: {
              kind: TIMELINE_KINDS.find((k) => k === kind),
              from: from ? `${from}T00:00:00.000Z` : undefined,
              to: to ? `${to}T23:59:59.999Z` : undefined,
            },
          });
        }}
      >
        <label className="text-xs text-ink-subtle">
          Kind
          <select name="kind" defaultValue={search.kind ?? ''} className={`${INPUT} mt-1 capitalize`}>
            <option value="">Every kind</option>
            {TIMELINE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {kind}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs text-ink-subtle">
          From (UTC day)
          <input name="fromDay" type="date" defaultValue={search.from?.slice(0, 10)} className={`${INPUT} mt-1`} />
        </label>
        <label className="text-xs text-ink-subtle">
          To (UTC day)
          <input name="toDay" type="date" defaultValue={search.to?.slice(0, 10)} className={`${INPUT} mt-1`} />
        </label>
        <div className="flex items-end gap-3">
          <button type="submit" className="h-9 rounded-lg bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700">
            Filter
          </button>
          <Link to="/admin/customers/$userId" params={{ userId }} search={{}} className="text-sm text-ink-subtle hover:text-ink">
            Clear
          </Link>
        </div>
      </form>

      {page.entries.length === 0 ? (
        <p className="mt-6 text-sm text-ink-muted">
          No events {search.kind || search.from || search.to || search.before ? 'match these filters' : 'on this account yet'}.
        </p>
      ) : (
        <ol className="mt-6 space-y-3" aria-label="Events, newest first">
          {page.entries.map((entry) => (
            <TimelineItem key={entry.position} userId={userId} entry={entry} />
          ))}
        </ol>
      )}
      {page.nextBefore ? (
        <div className="mt-6">
          <Link
            to="/admin/customers/$userId"
            params={{ userId }}
            search={{ ...search, before: page.nextBefore }}
            className="text-sm font-medium text-accent-300 hover:underline"
          >
            Older events →
          </Link>
        </div>
      ) : null}
    </section>
  );
}

function TimelineItem({ userId, entry }: { userId: string; entry: TimelineEntry }) {
  const headingId = `event-${entry.position}`;
  return (
    <li id={headingId} className="min-w-0 rounded-xl border border-line bg-surface-raised px-4 py-3 text-sm">
      <article aria-labelledby={`${headingId}-type`}>
        <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
          <h3 id={`${headingId}-type`} className="font-medium text-ink">
            {entry.type}
          </h3>
          <span className="rounded-full bg-surface px-2 py-0.5 text-xs text-ink-muted capitalize">{entry.kind}</span>
          <time dateTime={entry.recordedAt} className="text-xs text-ink-subtle sm:ml-auto">
            {when(entry.recordedAt)}
          </time>
        </div>
        <p className="mt-1 break-words text-ink">{entry.summary}</p>
        <p className="mt-1 text-xs break-all text-ink-subtle">
          By {entry.actor} · #{entry.position} on{' '}
          <Link to="/admin/events" search={{ streamId: entry.streamId }} className="font-mono text-accent-300 hover:underline">
            {entry.streamId}
          </Link>
        </p>
        <dl className="mt-2 grid gap-1 text-xs text-ink-muted">
          <div className="flex flex-wrap gap-x-2">
            <dt className="text-ink-subtle">Caused by</dt>
            <dd className="min-w-0 break-all">
              <Cause cause={entry.cause} actor={entry.actor} />
            </dd>
          </div>
          {entry.related.length ? (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-ink-subtle">Same chain</dt>
              <dd>
                <ul className="flex flex-wrap gap-x-2" aria-label={`Events in the same chain as #${entry.position}`}>
                  {entry.related.map((related) => (
                    <li key={related.position}>
                      <Link to="/admin/events" search={atEvent(related.position)} className="text-accent-300 hover:underline">
                        {related.type} #{related.position}
                      </Link>
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
          {entry.emails.length ? (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-ink-subtle">Emails sent</dt>
              <dd className="min-w-0">
                <ul className="flex flex-wrap gap-x-3" aria-label={`Emails sent because of #${entry.position}`}>
                  {entry.emails.map((email) => (
                    <li key={`${email.kind}-${email.deliveredAt}`} className="min-w-0 wrap-anywhere">
                      {email.kind} to {email.toAddress}, {when(email.deliveredAt)}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
          {entry.pluginChecks.allowed + entry.pluginChecks.refused > 0 ? (
            <div className="flex flex-wrap gap-x-2">
              <dt className="text-ink-subtle">Plugin checks within an hour</dt>
              <dd>
                {entry.pluginChecks.allowed} allowed, {entry.pluginChecks.refused} refused · first {when(entry.pluginChecks.first!)}, last{' '}
                {when(entry.pluginChecks.last!)}
              </dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-2 text-xs">
          <Link
            to="/admin/customers/$userId/at"
            params={{ userId }}
            search={{ position: entry.position }}
            className="font-medium text-accent-300 hover:underline"
          >
            Account at this point
          </Link>
        </p>
        <details className="mt-2">
          <summary className="cursor-pointer text-xs font-medium text-accent-300">JSON</summary>
          <pre className="mt-2 max-h-96 overflow-auto rounded-lg bg-surface p-3 font-mono text-xs leading-relaxed text-ink-muted">
            {JSON.stringify({ data: entry.data, metadata: entry.metadata }, null, 2)}
          </pre>
        </details>
      </article>
    </li>
  );
}

function Cause({ cause, actor }: { cause: TimelineEntry['cause']; actor: string }) {
  if (!cause) return <>a request by {actor}</>;
  if (cause.kind === 'stripe-event') {
    return (
      <>
        Stripe event {cause.stripeType ? `${cause.stripeType} ` : ''}
        <Link to="/admin/webhooks" hash={cause.stripeEventId} className="font-mono text-accent-300 hover:underline">
          {cause.stripeEventId}
        </Link>
      </>
    );
  }
  if (cause.kind === 'event') {
    return (
      <Link to="/admin/events" search={atEvent(cause.position)} className="text-accent-300 hover:underline">
        {cause.type ?? 'event'} #{cause.position}
      </Link>
    );
  }
  return <span className="font-mono">{cause.id}</span>;
}
