import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { AUDIT_KINDS } from '@contracts/admin/support-actions.contract';
import { logPosition, searchReader, text } from '../../lib/search-params';
import { adminSupportAuditQuery } from '../../queries/admin';
import { AdminFrame } from './-components/AdminFrame';
import { AdminSignIn } from './-components/AdminSignIn';
import { auditKindLabel } from './-components/admin-operation-words';
import { AuditEntryItem } from './-components/AuditEntryItem';

// The kind is checked against the list where it is used (the loader and the page), so the list
// stays out of the code every visitor loads: search validation is part of the route tree.
const readSearch = searchReader({
  kind: text({ pattern: /^[A-Za-z_]{1,40}$/ }),
  actor: text({ trim: true, min: 1, max: 200 }),
  before: logPosition,
});

const PAGE = 50;

/** What the page asks for: an unknown kind (typed into the address) filters nothing. */
const auditFilter = (search: ReturnType<typeof readSearch>) => ({ ...search, kind: AUDIT_KINDS.find((k) => k === search.kind), limit: PAGE });

export const Route = createFileRoute('/admin/audit')({
  // Admin code (its contract, queries and loader) loads with the page, never with the public site.
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: readSearch,
  loaderDeps: ({ search }) => readSearch(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(adminSupportAuditQuery(auditFilter(deps))),
  component: AuditPage,
});

const INPUT = 'h-9 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-ink focus:border-accent-400';

function AuditPage() {
  const search = Route.useLoaderDeps();
  const navigate = useNavigate({ from: Route.fullPath });
  const { data } = useSuspenseQuery(adminSupportAuditQuery(auditFilter(search)));
  if (!data) return <AdminSignIn failed={false} />;
  const value = (entry: FormDataEntryValue | null) => (typeof entry === 'string' && entry ? entry : undefined);

  return (
    <AdminFrame title="Audit log">
      <p className="text-sm text-ink-muted">Every support action and admin operation, newest first: who took it, on what, why, and how it ended.</p>
      <form
        method="get"
        className="mt-4 grid gap-3 rounded-xl border border-line bg-surface-raised p-4 sm:grid-cols-3"
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          void navigate({ search: { kind: AUDIT_KINDS.find((k) => k === form.get('kind')), actor: value(form.get('actor')) } });
        }}
      >
        <label className="text-xs text-ink-subtle">
          Action
          <select name="kind" defaultValue={search.kind ?? ''} className={`${INPUT} mt-1`}>
            <option value="">Every action</option>
            {AUDIT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {auditKindLabel(kind)}
              </option>
            ))}
          </select>
        </label>
        <label className="text-xs text-ink-subtle">
          Taken by
          <select name="actor" defaultValue={search.actor ?? ''} className={`${INPUT} mt-1`}>
            <option value="">Anyone</option>
            {data.actors.map((actor) => (
              <option key={actor.id} value={actor.id}>
                {actor.id} ({actor.role})
              </option>
            ))}
          </select>
        </label>
        <div className="flex items-end gap-3">
          <button type="submit" className="h-9 rounded-lg bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700">
            Filter
          </button>
          <Link to="/admin/audit" search={{}} className="text-sm text-ink-subtle hover:text-ink">
            Clear
          </Link>
        </div>
      </form>

      {data.entries.length === 0 ? (
        <p className="mt-8 text-sm text-ink-muted">
          {search.kind || search.actor || search.before ? 'No actions match these filters.' : 'No support actions yet.'}
        </p>
      ) : (
        <ol className="mt-6 space-y-2" aria-label="Support actions and admin operations, newest first">
          {data.entries.map((entry) => (
            <AuditEntryItem key={entry.actionId} entry={entry} />
          ))}
        </ol>
      )}
      {data.nextBefore ? (
        <div className="mt-6">
          <Link to="/admin/audit" search={{ ...search, before: data.nextBefore }} className="text-sm font-medium text-accent-300 hover:underline">
            Older actions →
          </Link>
        </div>
      ) : null}
    </AdminFrame>
  );
}
