import { Link } from '@tanstack/react-router';
import type { Entitlement } from '@contracts/entitlements/entitlement-sources';
import { EntitlementHeading } from '../../../components/entitlements/EntitlementHeading';
import { endText, sourceText } from '../../../components/entitlements/entitlement-wording';

/**
 * An event listed backwards from just after its position: it is the first one shown. A support
 * action's stream and a seat's (its owner's license) are not this account's, so those open in the
 * event log rather than the account's timeline.
 */
const atEvent = (position: string) => ({ before: (BigInt(position) + 1n).toString() });

/** "Why do they have access?": each entitlement with its source, what ends it, and its events in the timeline. */
export function EntitlementSources({ userId, entitlements }: { userId: string; entitlements: Entitlement[] }) {
  return (
    <section aria-labelledby="entitlement-sources" className="mt-8">
      <h2 id="entitlement-sources" className="text-lg font-semibold text-ink">
        Why they have access
      </h2>
      {entitlements.length === 0 ? (
        <p className="mt-3 rounded-xl border border-line bg-surface-raised px-4 py-3 text-sm text-ink-subtle">
          Nothing on this account grants access: no plan, license, seat, resource, credits or session.
        </p>
      ) : (
        <ul className="mt-3 grid gap-3 lg:grid-cols-2" data-testid="entitlement-sources">
          {entitlements.map((entitlement) => (
            <SourceItem key={entitlement.id} userId={userId} entitlement={entitlement} />
          ))}
        </ul>
      )}
    </section>
  );
}

function SourceItem({ userId, entitlement }: { userId: string; entitlement: Entitlement }) {
  const { source, ends } = entitlement;
  const headingId = `entitlement-${entitlement.id.replace(/[^A-Za-z0-9_-]/g, '-')}`;
  return (
    <li aria-labelledby={headingId} className="min-w-0 rounded-xl border border-line bg-surface-raised px-4 py-3 text-sm break-words">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={headingId} className="font-medium text-ink">
          <EntitlementHeading entitlement={entitlement} />
        </h3>
        <span
          className={
            ends.state === 'active'
              ? 'rounded-full bg-success/15 px-2.5 py-0.5 text-xs font-medium text-success'
              : 'rounded-full bg-white/5 px-2.5 py-0.5 text-xs font-medium text-ink-muted'
          }
        >
          {ends.state === 'active' ? 'Active' : 'Ended'}
        </span>
      </div>
      {entitlement.detail ? <p className="text-ink-muted">{entitlement.detail}</p> : null}
      <p className="mt-1 text-ink">{sourceText(source)}</p>
      {source.kind === 'admin' ? (
        <blockquote className="mt-1 border-l-2 border-line-strong pl-3 text-ink-muted">
          <span className="sr-only">Reason given: </span>“{source.reason}”
        </blockquote>
      ) : null}
      {source.kind === 'purchase' ? (
        <ul className="mt-1 text-xs text-ink-subtle" aria-label="Payment references">
          {(
            [
              ['Checkout', source.checkoutRef],
              ['Session', source.checkoutSessionId],
              ['Payment', source.paymentIntentId],
              ['Subscription', source.subscriptionId],
            ] as const
          ).map(([label, value]) =>
            value ? (
              <li key={label}>
                {label} <span className="font-mono break-all">{value}</span>
              </li>
            ) : null,
          )}
        </ul>
      ) : null}
      {source.kind === 'seat' ? (
        <p className="mt-1 text-ink-muted">
          Owner:{' '}
          <Link to="/admin/customers/$userId" params={{ userId: source.ownerUserId }} search={{}} className="text-accent-300 hover:underline">
            {source.ownerUserId}
          </Link>
        </p>
      ) : null}
      <p className="mt-1 text-ink-muted">{endText(entitlement.kind, ends)}</p>
      {entitlement.events.length ? (
        <ul className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs" aria-label={`Events behind ${entitlement.title}`}>
          {entitlement.events.map((event) => (
            <li key={event.position}>
              {event.type === 'SupportActionRecorded' || entitlement.kind === 'seat' ? (
                <Link to="/admin/events" search={atEvent(event.position)} className="text-accent-300 hover:underline">
                  {event.type} #{event.position}
                </Link>
              ) : (
                <Link
                  to="/admin/customers/$userId"
                  params={{ userId }}
                  search={atEvent(event.position)}
                  hash={`event-${event.position}`}
                  className="text-accent-300 hover:underline"
                >
                  {event.type} #{event.position}
                </Link>
              )}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
