import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { isoDateTime, logPosition, searchReader } from '../../../lib/search-params';
import { adminAccountMomentQuery } from '../../../queries/admin';
import { AdminFrame } from '../-components/AdminFrame';
import { AdminSignIn } from '../-components/AdminSignIn';
import { MomentChanges } from './-components/MomentChanges';
import { MomentForm } from './-components/MomentForm';
import { MomentView } from './-components/MomentView';

const readSearch = searchReader({ position: logPosition, at: isoDateTime });
type MomentSearch = ReturnType<typeof readSearch>;

/** What to ask for: an event's position wins over a time; neither asks nothing yet. */
const momentInput = (userId: string, search: MomentSearch) =>
  search.position ? { userId, position: search.position } : search.at ? { userId, at: search.at } : null;

export const Route = createFileRoute('/admin/customers/$userId_/at')({
  // Admin code (its contract, queries and loader) loads with the page, never with the public site.
  codeSplitGroupings: [['loader', 'component', 'errorComponent']],
  validateSearch: readSearch,
  loaderDeps: ({ search }) => ({ position: search.position, at: search.at }),
  loader: async ({ context, params, deps }) => {
    const input = momentInput(params.userId, deps);
    if (input) await context.queryClient.ensureQueryData(adminAccountMomentQuery(input));
  },
  errorComponent: MomentError,
  component: AccountAtMomentPage,
});

function AccountAtMomentPage() {
  const { userId } = Route.useParams();
  const search = Route.useSearch();
  const input = momentInput(userId, search);
  const pending = useRouterState({ select: (state) => state.status === 'pending' });
  return (
    <AdminFrame title="The account at a moment">
      <p className="text-sm text-ink-muted">
        <Link to="/admin/customers/$userId" params={{ userId }} className="text-accent-300 hover:underline">
          ← Back to the account now
        </Link>
      </p>
      <MomentForm userId={userId} at={search.at} pending={pending} />
      {input ? (
        <MomentAnswer input={input} pending={pending} />
      ) : (
        <p className="mt-6 text-sm text-ink-muted">Pick a date and time, or open “Account at this point” on an event of the timeline.</p>
      )}
    </AdminFrame>
  );
}

function MomentAnswer({ input, pending }: { input: NonNullable<ReturnType<typeof momentInput>>; pending: boolean }) {
  const { data } = useSuspenseQuery(adminAccountMomentQuery(input));
  if (!data) return <AdminSignIn failed={false} />;
  return (
    <div aria-busy={pending} className={pending ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
      <p className="mt-6 text-sm text-ink-muted">
        {data.position
          ? `After event #${data.position}, recorded ${data.recordedAt?.replace('T', ' ').slice(0, 19)} UTC: ${data.eventsThen} of the account’s ${data.eventsNow} events.`
          : `Before the account’s first event (it has ${data.eventsNow} now).`}
      </p>
      <MomentChanges changes={data.changes} />
      <MomentView moment={data.then} />
    </div>
  );
}

function MomentError({ reset }: ErrorComponentProps) {
  return (
    <AdminFrame title="The account at a moment">
      <div role="alert" className="rounded-xl border border-line bg-surface-raised p-4 text-sm text-ink">
        <p>We couldn’t fold this account’s history just now.</p>
        <p className="mt-1 text-ink-muted">Nothing was changed. Try again in a moment; if it keeps failing, the api's log says why.</p>
        <button type="button" onClick={reset} className="mt-3 h-9 rounded-lg bg-accent-600 px-4 text-sm font-medium text-white hover:bg-accent-700">
          Try again
        </button>
      </div>
    </AdminFrame>
  );
}
