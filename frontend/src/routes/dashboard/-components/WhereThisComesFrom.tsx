import { useQuery } from '@tanstack/react-query';
import type { CustomerEntitlement } from '@contracts/entitlements/entitlement-sources';
import { EntitlementHeading } from '../../../components/entitlements/EntitlementHeading';
import { endText, sourceText } from '../../../components/entitlements/entitlement-wording';
import { myEntitlementSourcesQuery } from '../../../queries/account';
import { Panel, StatusPill } from './Panel';

/**
 * "Where this comes from": everything the account can use, with how it got it and what would end
 * it. On the overview, below what the account has, so each item's reason sits one look away.
 */
export function WhereThisComesFrom() {
  // The loader asks for it on the overview; if that failed, the panel asks again and says so if it fails.
  const { data, isPending, isError, refetch, isRefetching } = useQuery(myEntitlementSourcesQuery());
  return (
    <Panel title="Where this comes from" labelledBy="where-this-comes-from" className="mt-6">
      {isPending ? (
        <p className="text-sm text-ink-muted" role="status">
          Loading where your access comes from…
        </p>
      ) : isError ? (
        <p className="text-sm text-ink-muted" role="alert">
          We couldn't load where your access comes from.{' '}
          <button type="button" onClick={() => void refetch()} disabled={isRefetching} className="text-accent-300 underline disabled:opacity-60">
            {isRefetching ? 'Trying again…' : 'Try again'}
          </button>
        </p>
      ) : data.entitlements.length === 0 ? (
        <p className="text-sm text-ink-muted">Nothing yet: a plan, a resource or a session you book will show here with where it came from.</p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line text-sm" data-testid="where-this-comes-from">
          {data.entitlements.map((entitlement) => (
            <Item key={entitlement.id} entitlement={entitlement} />
          ))}
        </ul>
      )}
    </Panel>
  );
}

function Item({ entitlement }: { entitlement: CustomerEntitlement }) {
  const active = entitlement.ends.state === 'active';
  return (
    <li className="px-4 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="min-w-0 font-medium break-words text-ink">
          <EntitlementHeading entitlement={entitlement} />
        </p>
        <StatusPill status={active ? 'active' : 'ended'} label={active ? 'Active' : 'Ended'} />
      </div>
      {entitlement.detail ? <p className="text-ink-subtle">{entitlement.detail}</p> : null}
      <p className="mt-1 text-ink">{sourceText(entitlement.source)}</p>
      <p className="text-ink-muted">{endText(entitlement.kind, entitlement.ends)}</p>
    </li>
  );
}
