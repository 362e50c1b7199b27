import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import * as Dialog from '@radix-ui/react-dialog';
import { CalendarClock, Globe, Video, X } from 'lucide-react';
import type { BookedSession } from '@contracts/booking/booking.contract';
import { formatMoney } from '@contracts/catalog/number-format';
import { FormAlert } from '../../../components/forms/FormField';
import { Button } from '../../../components/ui/Button';
import { CallToAction } from '../../../components/ui/CallToAction';
import { NavLink } from '../../../components/ui/NavLink';
import { ServerFnError } from '../../../lib/server-fn-client';
import { cancelSessionMutation, mySessionsQuery, rescheduleSessionMutation, rescheduleSlotsQuery } from '../../../queries/booking';
import { SlotPicker } from '../../../components/booking/SlotPicker';
import { formatDayLong, formatSpan, formatTime, useVisitorTimeZone, zoneCaption } from '../../../components/booking/slot-times';
import { EmptyState, Panel, StatusPill } from './Panel';

/** Booking status → what the customer reads, and which of the dashboard's pill tones fits. */
const STATUS: Record<BookedSession['status'], { label: string; tone: string }> = {
  held: { label: 'Awaiting payment', tone: 'open' },
  confirmed: { label: 'Confirmed', tone: 'paid' },
  cancelled: { label: 'Cancelled', tone: 'cancelled' },
  refused: { label: 'Not booked', tone: 'refused' },
  released: { label: 'Not completed', tone: 'released' },
};

const money = (session: Pick<BookedSession, 'amountCents' | 'currency'>) => formatMoney(session.amountCents, session.currency.toUpperCase());

function outcome(session: BookedSession): string | null {
  if (session.status === 'cancelled')
    return session.refund === 'full'
      ? `Cancelled. Refunded in full: ${money(session)} goes back to your card within 5–10 business days.`
      : 'Cancelled. No refund applies under the policy.';
  if (session.status === 'refused') return `Someone else booked this time while you paid, so we refunded ${money(session)} in full.`;
  if (session.status === 'released') return 'The checkout was not completed; nothing was charged.';
  if (session.status === 'held') return 'We are holding this time while the payment completes.';
  return null;
}

/** Moves a booking: its open times (same host and length), one chosen, then confirmed. */
function Reschedule({ session, zone, onMoved, onClose }: { session: BookedSession; zone: string; onMoved(message: string): void; onClose(): void }) {
  const queryClient = useQueryClient();
  // Not page data: asked for when the customer opens Reschedule, always fresh (others book meanwhile).
  const slots = useQuery(rescheduleSlotsQuery(session.bookingId));
  const [picked, setPicked] = useState<{ start: string; end: string } | null>(null);
  const move = useMutation(
    rescheduleSessionMutation(queryClient, {
      onSuccess: ({ session: moved }) =>
        onMoved(`Moved: ${moved.sessionTitle} is now ${formatDayLong(moved.start, zone)} at ${formatTime(moved.start, zone)}.`),
      onError: (error) => {
        if (error instanceof ServerFnError && (error.code === 'booking.slot_taken' || error.code === 'booking.slot_unavailable')) {
          setPicked(null);
          void slots.refetch();
        }
      },
    }),
  );

  return (
    <div role="group" aria-label={`Reschedule ${session.sessionTitle}`} className="mt-4 space-y-4 rounded-xl border border-line-strong p-4">
      {move.error ? (
        <FormAlert>{move.error instanceof ServerFnError ? move.error.message : 'We could not reach the site. Check your connection and try again.'}</FormAlert>
      ) : null}
      {slots.isPending ? (
        <p role="status" className="text-sm text-ink-muted">
          Loading open times…
        </p>
      ) : slots.error ? (
        <FormAlert>{slots.error.message}</FormAlert>
      ) : slots.data.slots.length === 0 ? (
        <p className="text-sm text-ink-muted">
          {session.hostName} has no other open times right now. Cancel instead, or write to support and we will find one.
        </p>
      ) : (
        <SlotPicker
          slots={slots.data.slots}
          zone={zone}
          label={`rescheduling ${session.sessionTitle}`}
          chosenStart={picked?.start ?? null}
          onChoose={(slot) => setPicked(slot)}
          disabled={move.isPending}
        />
      )}
      {picked ? <p className="text-sm text-ink">New time: {formatSpan(picked.start, picked.end, zone)}</p> : null}
      <div className="flex flex-wrap gap-2">
        {picked ? (
          <Button
            size="sm"
            onClick={() => move.mutate({ bookingId: session.bookingId, start: picked.start })}
            disabled={move.isPending}
            aria-busy={move.isPending}
          >
            {move.isPending ? 'Moving…' : 'Move my session'}
          </Button>
        ) : null}
        <Button size="sm" variant="ghost" onClick={onClose} disabled={move.isPending}>
          Keep the current time
        </Button>
      </div>
    </div>
  );
}

/** Asks before cancelling, saying whether the full refund applies. */
function CancelDialog({ session, zone, onCancelled }: { session: BookedSession; zone: string; onCancelled(message: string): void }) {
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const done = useRef(false);
  const cancel = useMutation(
    cancelSessionMutation(queryClient, {
      onSuccess: ({ session: cancelled }) => {
        done.current = true;
        setOpen(false);
        onCancelled(
          cancelled.refund === 'full'
            ? `Cancelled ${cancelled.sessionTitle}. Your refund of ${money(cancelled)} is on its way.`
            : `Cancelled ${cancelled.sessionTitle}. No refund applies under the policy.`,
        );
      },
    }),
  );
  const when = `${formatDayLong(session.start, zone)} at ${formatTime(session.start, zone)}`;

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (cancel.isPending) return;
        if (next) cancel.reset();
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <Button size="sm" variant="ghost">
          Cancel
          <span className="sr-only">
            {' '}
            {session.sessionTitle} on {when}
          </span>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/60 backdrop-blur-sm data-[state=open]:animate-overlay-in" />
        <Dialog.Content
          // After a cancellation the trigger is gone; the section's announcement takes the focus.
          onCloseAutoFocus={(event) => {
            if (done.current) event.preventDefault();
          }}
          className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl border border-line-strong bg-surface-raised p-6 shadow-panel data-[state=open]:animate-pop-in sm:p-8"
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-xl font-semibold text-ink">Cancel this session?</Dialog.Title>
            <Dialog.Close className="-mt-1 -mr-2 rounded-lg p-2 text-ink-subtle hover:bg-white/5 hover:text-ink" aria-label="Close">
              <X aria-hidden="true" className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description asChild>
            <div className="mt-3 space-y-2 text-sm text-ink-muted">
              <p>
                {session.sessionTitle} with {session.hostName}, {when} ({zone}).
              </p>
              <p className="text-ink">
                {session.refundable
                  ? `You get a full refund of ${money(session)}; it reaches your card within 5–10 business days.`
                  : 'It starts in less than 24 hours, so no refund applies under our policy.'}
              </p>
            </div>
          </Dialog.Description>
          {cancel.error ? (
            <div className="mt-4">
              <FormAlert>{cancel.error.message}</FormAlert>
            </div>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={cancel.isPending}>
                Keep the session
              </Button>
            </Dialog.Close>
            <Button onClick={() => cancel.mutate(session.bookingId)} disabled={cancel.isPending} aria-busy={cancel.isPending}>
              {cancel.isPending ? 'Cancelling…' : session.refundable ? 'Cancel and refund' : 'Cancel without refund'}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SessionRow({ session, zone, upcoming, onChanged }: { session: BookedSession; zone: string; upcoming: boolean; onChanged(message: string): void }) {
  const ids = useId();
  const [rescheduling, setRescheduling] = useState(false);
  const status = STATUS[session.status];
  const manageable = upcoming && session.status === 'confirmed';
  const note = outcome(session);
  return (
    <li className="px-4 py-4" data-testid="booked-session" data-booking-id={session.bookingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-ink">{session.sessionTitle}</p>
          <p className="mt-1 text-sm text-ink" data-testid="booked-session-time">
            {formatSpan(session.start, session.end, zone)}
          </p>
          <p className="mt-1 text-sm text-ink-muted">
            {session.minutes} minutes with {session.hostName}
          </p>
        </div>
        <StatusPill status={status.tone} label={status.label} />
      </div>
      {note ? <p className="mt-2 text-sm text-ink-muted">{note}</p> : null}
      {manageable && session.meetingUrl ? (
        <a
          href={session.meetingUrl}
          target="_blank"
          rel="noreferrer"
          className="mt-3 inline-flex items-center gap-2 text-sm font-medium text-accent-300 underline-offset-4 hover:underline"
        >
          <Video aria-hidden="true" className="size-4" />
          Join the meeting<span className="sr-only"> for {session.sessionTitle} (opens in a new tab)</span>
        </a>
      ) : null}
      {manageable && !rescheduling ? (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setRescheduling(true)}
            disabled={!session.reschedulable}
            aria-describedby={session.reschedulable ? undefined : `${ids}-why`}
          >
            <CalendarClock aria-hidden="true" /> Reschedule<span className="sr-only"> {session.sessionTitle}</span>
          </Button>
          <CancelDialog session={session} zone={zone} onCancelled={onChanged} />
          {!session.reschedulable ? (
            <p id={`${ids}-why`} className="basis-full text-sm text-ink-subtle">
              Sessions can be moved up to 24 hours before they start; this one can only be cancelled now.
            </p>
          ) : null}
        </div>
      ) : null}
      {manageable && rescheduling ? (
        <Reschedule
          session={session}
          zone={zone}
          onMoved={(message) => {
            setRescheduling(false);
            onChanged(message);
          }}
          onClose={() => setRescheduling(false)}
        />
      ) : null}
    </li>
  );
}

/** What just changed; it takes the focus, since the button that did it is gone with the change. */
function Announcement({ text }: { text: string }) {
  const box = useRef<HTMLParagraphElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <p ref={box} tabIndex={-1} className="rounded-lg border border-success/40 bg-success/10 px-4 py-3 text-sm text-ink focus:outline-none">
      {text}
    </p>
  );
}

/** The customer's booked sessions: upcoming ones to join, move or cancel, then the past ones, then those cancelled or never booked. */
export function SessionsSection() {
  const ids = useId();
  const { zone } = useVisitorTimeZone();
  const { data, error } = useSuspenseQuery(mySessionsQuery());
  const [announcement, setAnnouncement] = useState<string | null>(null);
  if (error) return <FormAlert>{error.message}</FormAlert>;
  if (data.upcoming.length === 0 && data.past.length === 0 && data.cancelled.length === 0) {
    return (
      <EmptyState title="No sessions booked yet">
        <p>
          Book a 1-on-1 video session with the SystemSculpt team: a setup, or a deep dive into your workflows. It will be listed here with its meeting link.
        </p>
        <CallToAction to="/sessions" className="mt-4">
          Book a session
        </CallToAction>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="inline-flex items-center gap-2 text-sm text-ink-muted" data-testid="time-zone">
          <Globe aria-hidden="true" className="size-4 text-accent-300" />
          {zoneCaption(zone)}
        </p>
        <CallToAction to="/sessions" size="sm" variant="secondary">
          Book a session
        </CallToAction>
      </div>
      {announcement ? <Announcement key={announcement} text={announcement} /> : null}
      <Panel title="Upcoming" labelledBy={`${ids}-upcoming`}>
        {data.upcoming.length ? (
          <ul className="divide-y divide-line rounded-xl border border-line">
            {data.upcoming.map((session) => (
              <SessionRow key={session.bookingId} session={session} zone={zone} upcoming onChanged={setAnnouncement} />
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-muted">
            Nothing coming up.{' '}
            <NavLink href="/sessions" className="font-medium text-accent-300 underline-offset-4 hover:underline">
              Book a session
            </NavLink>
          </p>
        )}
        <p className="mt-4 text-sm text-ink-subtle">{data.policy}</p>
      </Panel>
      {data.past.length ? (
        <Panel title="Past" labelledBy={`${ids}-past`}>
          <ul className="divide-y divide-line rounded-xl border border-line">
            {data.past.map((session) => (
              <SessionRow key={session.bookingId} session={session} zone={zone} upcoming={false} onChanged={setAnnouncement} />
            ))}
          </ul>
        </Panel>
      ) : null}
      {data.cancelled.length ? (
        <Panel title="Cancelled or not booked" labelledBy={`${ids}-cancelled`}>
          <ul className="divide-y divide-line rounded-xl border border-line">
            {data.cancelled.map((session) => (
              <SessionRow key={session.bookingId} session={session} zone={zone} upcoming={false} onChanged={setAnnouncement} />
            ))}
          </ul>
        </Panel>
      ) : null}
    </div>
  );
}
