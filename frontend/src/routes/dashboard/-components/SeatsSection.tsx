import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UserMinus } from 'lucide-react';
import type { DashboardData } from '@contracts/dashboard/dashboard.contract';
import { Field, FormAlert, TextInput } from '../../../components/forms/FormField';
import { Button } from '../../../components/ui/Button';
import { CallToAction } from '../../../components/ui/CallToAction';
import { formatDay } from '../../../lib/dates';
import { ServerFnError } from '../../../lib/server-fn-client';
import { assignSeatMutation, removeSeatMutation } from '../../../queries/licenses';
import { EmptyState, Panel } from './Panel';

type License = DashboardData['licenses'][number];

function SeatManager({ license }: { license: License }) {
  const queryClient = useQueryClient();
  const ids = useId();
  const [email, setEmail] = useState('');
  const assign = useMutation(assignSeatMutation(queryClient, { onSuccess: () => setEmail('') }));
  const remove = useMutation(removeSeatMutation(queryClient));
  const free = license.seats - license.seatsUsed;
  // Errors about the address itself (invalid, already given, the owner's own) belong under the box, which keeps what was typed.
  const fieldError =
    assign.error instanceof ServerFnError
      ? (assign.error.issues?.[0]?.message ??
        (['license.seat_already_given', 'license.seat_owner'].includes(assign.error.code) ? assign.error.message : undefined))
      : undefined;

  return (
    <Panel
      title={license.title}
      labelledBy={`seats-${license.licenseId}`}
      action={
        <span className="text-sm text-ink-muted" data-testid="seats-used">
          {license.seatsUsed} of {license.seats} seats used
        </span>
      }
    >
      <ul className="divide-y divide-line rounded-xl border border-line">
        <li className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
          <span className="text-ink">You (the owner)</span>
          <span className="text-ink-subtle">Your own key</span>
        </li>
        {license.seatHolders.map((seat) => (
          <li key={seat.email} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
            <div className="min-w-0">
              <p className="truncate text-ink">{seat.email}</p>
              <p className="text-ink-subtle">
                Added {formatDay(seat.addedAt)} · key {seat.keyHint}
              </p>
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => remove.mutate({ licenseId: license.licenseId, email: seat.email })}
              disabled={remove.isPending}
              aria-label={`Remove ${seat.email}`}
            >
              <UserMinus aria-hidden="true" /> Remove
            </Button>
          </li>
        ))}
      </ul>
      {remove.error ? (
        <div className="mt-3">
          <FormAlert>{remove.error.message}</FormAlert>
        </div>
      ) : null}
      {license.status === 'active' || license.status === 'past_due' ? (
        <form
          className="mt-5 flex flex-col gap-3 sm:flex-row sm:items-end"
          noValidate
          onSubmit={(event: FormEvent) => {
            event.preventDefault();
            assign.mutate({ licenseId: license.licenseId, email });
          }}
        >
          <div className="flex-1">
            <Field
              id={`${ids}-email`}
              label="Give a seat to"
              error={fieldError}
              hint={free > 0 ? `${free} ${free === 1 ? 'seat' : 'seats'} free. They get an email with how to get their key.` : 'Every seat is in use.'}
            >
              <TextInput
                id={`${ids}-email`}
                type="email"
                autoComplete="off"
                placeholder="name@example.com"
                value={email}
                onChange={(e) => {
                  setEmail(e.target.value);
                  if (assign.error) assign.reset();
                }}
                error={fieldError}
                hasHint
                disabled={free === 0}
              />
            </Field>
          </div>
          <Button type="submit" disabled={assign.isPending || free === 0} aria-busy={assign.isPending} className="sm:mb-7">
            {assign.isPending ? 'Adding…' : 'Add seat'}
          </Button>
        </form>
      ) : null}
      {assign.error && !fieldError ? (
        <div className="mt-3">
          <FormAlert>{assign.error.message}</FormAlert>
        </div>
      ) : null}
    </Panel>
  );
}

/** Seats on each license: who has one, give one to an address, take one back. */
export function SeatsSection({ data }: { data: DashboardData }) {
  const licenses = data.licenses.filter((l) => l.status !== 'revoked');
  const seat = data.sharedSeats.find((s) => s.status === 'active' || s.status === 'past_due');
  if (licenses.length === 0 && seat) {
    // Seats are the owner's to give: someone on a seat is not sold more of them.
    return (
      <EmptyState title="Your seat was given to you">
        <p data-testid="seat-holder-note">
          Your seat is on someone else's license ({seat.title}). Only its owner gives and takes back seats: ask them if a colleague needs one too.
        </p>
      </EmptyState>
    );
  }
  if (licenses.length === 0) {
    return (
      <EmptyState title="No seats to give">
        <p>Seats come with a license: buy the lifetime license for more than one seat, or a Pro plan.</p>
        <CallToAction to="/obsidian-ai-plugin" className="mt-4">
          See plans
        </CallToAction>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      {licenses.map((license) => (
        <SeatManager key={license.licenseId} license={license} />
      ))}
    </div>
  );
}
