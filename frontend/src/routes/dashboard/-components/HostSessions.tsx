import { useState } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import type { HostSession } from '@contracts/booking/booking.contract';
import { FormAlert } from '../../../components/forms/FormField';
import { Button } from '../../../components/ui/Button';
import { hostCancelSessionMutation, hostSessionsQuery } from '../../../queries/booking';
import { EmptyState, Panel } from './Panel';

function when(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

function HostSessionRow({ session, timeZone }: { session: HostSession; timeZone: string }) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const cancel = useMutation(hostCancelSessionMutation(queryClient));
  const who = session.customerName ?? session.customerEmail ?? 'A customer';
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium text-ink">{when(session.start, timeZone)}</p>
        <p className="text-sm text-ink-muted">
          {session.sessionTitle} with {who}
          {session.customerEmail && session.customerName ? <span className="break-all"> ({session.customerEmail})</span> : null}
        </p>
        {cancel.error ? <FormAlert>{cancel.error.message}</FormAlert> : null}
      </div>
      {confirming ? (
        <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Cancel the session on ${when(session.start, timeZone)}?`}>
          <span className="text-sm text-ink-muted">Cancel and refund in full?</span>
          <Button variant="secondary" size="sm" disabled={cancel.isPending} aria-busy={cancel.isPending} onClick={() => cancel.mutate(session.bookingId)}>
            {cancel.isPending ? 'Cancelling…' : 'Yes, cancel it'}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirming(false)}>
            Keep it
          </Button>
        </div>
      ) : (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => setConfirming(true)}
          aria-label={`Cancel ${session.sessionTitle} with ${who} on ${when(session.start, timeZone)}`}
        >
          Cancel
        </Button>
      )}
    </li>
  );
}

/** The sessions booked on a host's calendar, in the host's own zone; a host may call one off (full refund). */
export function HostSessions({ timeZone }: { timeZone: string }) {
  const { data, error } = useSuspenseQuery(hostSessionsQuery());
  return (
    <Panel title="Booked with you" labelledBy="host-sessions-title">
      {error ? <FormAlert>{error.message}</FormAlert> : null}
      {data.upcoming.length === 0 ? (
        <EmptyState title="Nothing booked yet">
          <p>Sessions customers book appear here, in {timeZone.replace(/_/g, ' ')} time.</p>
        </EmptyState>
      ) : null}
      {data.upcoming.length > 0 ? (
        <>
          <p className="text-sm text-ink-muted">Times in {timeZone.replace(/_/g, ' ')}. Cancelling refunds the customer in full and emails them.</p>
          <ul className="divide-y divide-line">
            {data.upcoming.map((session) => (
              <HostSessionRow key={session.bookingId} session={session} timeZone={timeZone} />
            ))}
          </ul>
        </>
      ) : null}
    </Panel>
  );
}
