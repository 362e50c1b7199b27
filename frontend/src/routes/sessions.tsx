import { useEffect, useRef, useState } from 'react';
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { CalendarX, Globe } from 'lucide-react';
import type { OpenSlot, SessionsPageData } from '@contracts/booking/booking.contract';
import { FormAlert } from '../components/forms/FormField';
import { CallToAction } from '../components/ui/CallToAction';
import { NavLink } from '../components/ui/NavLink';
import { useAuth } from '../lib/auth';
import { pageHead } from '../lib/seo';
import { ServerFnError } from '../lib/server-fn-client';
import { BookingConfirm } from './sessions/-components/BookingConfirm';
import { forgetChoice, keepChoice, keptChoice, type SlotChoice } from './sessions/-components/kept-choice';
import { SessionsErrorScreen } from './sessions/-components/SessionsErrorScreen';
import { readSessionsSearch } from './sessions/-components/sessions-search';
import { SessionsStatusBanner } from './sessions/-components/SessionsStatus';
import { bookSessionMutation, releaseSessionHoldMutation, sessionsPageKey, sessionsPageQuery } from '../queries/booking';
import { SessionTypeCard } from './sessions/-components/SessionTypeCard';
import { browserTimeZone, useVisitorTimeZone, zoneCaption } from '../components/booking/slot-times';

const DESCRIPTION =
  'Book a 1-on-1 video session with the SystemSculpt team: set up SystemSculpt AI in your vault or build the workflows that fit the way you work, at a time that suits you.';

/** How long the success page polls for Stripe's confirmation before saying it will come by email. */
const CONFIRM_PATIENCE_MS = 30_000;
const CONFIRM_POLL_MS = 1_500;

export const Route = createFileRoute('/sessions')({
  validateSearch: readSessionsSearch,
  loaderDeps: ({ search }) => ({ status: search.status }),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(sessionsPageQuery(deps)),
  head: (ctx) => pageHead(ctx, { title: '1-on-1 sessions', description: DESCRIPTION, path: '/sessions' }),
  errorComponent: SessionsErrorScreen,
  component: SessionsPage,
});

type Notice = { sessionTypeId: string; message: string };

/** Worth polling for: a hold Stripe has yet to confirm. With no booking at all there is nothing to wait for. */
const unsettled = (latest: SessionsPageData['latest'] | undefined) => latest?.status === 'held';

function SessionsPage() {
  const search = Route.useSearch();
  const auth = useAuth();
  const queryClient = useQueryClient();
  const { zone } = useVisitorTimeZone();
  const confirming = search.status === 'success';
  const [startedAt] = useState(() => Date.now());
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  const { data } = useSuspenseQuery({
    ...sessionsPageQuery(search),
    refetchInterval: (query) => (confirming && unsettled(query.state.data?.latest) && Date.now() - startedAt < CONFIRM_PATIENCE_MS ? CONFIRM_POLL_MS : false),
  });
  const [choice, setChoice] = useState<SlotChoice | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (!confirming || !data.latest) return;
    const timer = setTimeout(() => setWaitedTooLong(true), CONFIRM_PATIENCE_MS);
    return () => clearTimeout(timer);
    // The patience timer runs from when a booking shows, not again each time a poll changes it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [confirming, Boolean(data.latest)]);

  // Back from the sign-in (or a reload): the time chosen before it, if it is still open.
  useEffect(() => {
    const kept = keptChoice();
    if (!kept) return;
    if (findSlot(data, kept)) setChoice(kept);
    else {
      forgetChoice();
      setNotice({ sessionTypeId: kept.sessionTypeId, message: 'The time you chose earlier is no longer open. Please pick another.' });
    }
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A cancelled checkout gives its time back at once (instead of when the hold lapses). Only an
  // account holds times: a signed-out visitor has nothing to release (and would only get a 401).
  // A failure says nothing: the time comes back when the hold lapses.
  const { mutate: releaseHold } = useMutation(releaseSessionHoldMutation(queryClient));
  const released = useRef(false);
  useEffect(() => {
    if (search.status !== 'cancelled' || auth.status !== 'signed-in' || released.current) return;
    released.current = true;
    releaseHold();
  }, [search.status, auth.status, releaseHold]);

  const book = useMutation(
    bookSessionMutation({
      onSuccess: (outcome) => {
        if (outcome.outcome === 'redirect') {
          forgetChoice();
          window.location.assign(outcome.url);
        }
      },
      onError: (error, chosen) => {
        if (!(error instanceof ServerFnError)) return;
        if (error.code === 'booking.slot_taken' || error.code === 'booking.slot_unavailable') {
          setChoice(null);
          forgetChoice();
          setNotice({ sessionTypeId: chosen.sessionTypeId, message: error.message });
          void queryClient.invalidateQueries({ queryKey: sessionsPageKey });
        } else if (error.code === 'UNAUTHENTICATED') {
          keepChoice({ sessionTypeId: chosen.sessionTypeId, hostUserId: chosen.hostUserId, start: chosen.start });
          auth.openSignIn('/sessions');
        }
      },
    }),
  );
  const leaving = book.isPending || (book.isSuccess && book.data.outcome === 'redirect');

  const choose = (sessionTypeId: string, slot: OpenSlot) => {
    book.reset();
    setNotice(null);
    setChoice({ sessionTypeId, hostUserId: slot.hostUserId, start: slot.start });
  };
  const clearChoice = () => {
    book.reset();
    setChoice(null);
    forgetChoice();
  };
  const bookChoice = (chosen: SlotChoice) => {
    if (auth.status !== 'signed-in') {
      keepChoice(chosen);
      auth.openSignIn('/sessions');
      return;
    }
    book.mutate({ ...chosen, timeZone: browserTimeZone() });
  };

  const anyOpen = data.sessionTypes.some((type) => type.slots.length > 0);
  const hostName = (userId: string) => data.hosts.find((host) => host.userId === userId)?.name ?? 'the SystemSculpt team';

  return (
    <div className="relative isolate">
      <div aria-hidden="true" className="bg-hero-glow pointer-events-none absolute inset-x-0 top-0 -z-10 h-[28rem] opacity-70" />
      <div className="mx-auto w-full max-w-4xl px-4 pt-12 pb-16 sm:px-6 sm:pt-16">
        <header className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent-300">1-on-1 sessions</p>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight text-ink sm:text-5xl">Book a session with us</h1>
          <p className="mt-4 text-base leading-relaxed text-ink-muted sm:text-lg">
            Work with the SystemSculpt team over video, one person at a time: get SystemSculpt AI set up in your vault, or build the workflows that fit the way
            you work. Pick a session and a time, pay through Stripe, and the meeting link comes by email.
          </p>
        </header>

        {search.status ? (
          <div className="mt-8">
            <SessionsStatusBanner
              status={search.status}
              latest={data.latest}
              zone={zone}
              waitedTooLong={waitedTooLong}
              signedIn={auth.status === 'signed-in'}
            />
          </div>
        ) : null}

        {anyOpen ? (
          <p className="mt-8 inline-flex items-center gap-2 text-sm text-ink-muted" data-testid="time-zone">
            <Globe aria-hidden="true" className="size-4 text-accent-300" />
            {zoneCaption(zone)}
          </p>
        ) : (
          <div className="mt-8 rounded-2xl border border-dashed border-line-strong p-8 text-center">
            <CalendarX aria-hidden="true" className="mx-auto size-8 text-ink-subtle" />
            <h2 className="mt-3 font-medium text-ink">No open times right now</h2>
            <p className="mx-auto mt-2 max-w-md text-sm text-ink-muted">
              Every session time is booked or not yet open. Write to us and we will find a time that works for you.
            </p>
            <CallToAction to="/contact" variant="secondary" className="mt-4">
              Contact us
            </CallToAction>
          </div>
        )}

        <div className="mt-6 space-y-6">
          {data.sessionTypes.map((type) => {
            const chosenSlot = choice?.sessionTypeId === type.id ? findSlot(data, choice) : undefined;
            const problem =
              book.data?.outcome === 'configuration-error' ? (
                <FormAlert>
                  Sessions cannot be booked right now: payment is not set up on our side. Nothing was charged. Please{' '}
                  <NavLink href="/contact" className="font-medium underline underline-offset-4">
                    contact support
                  </NavLink>{' '}
                  and we will find you a time.
                </FormAlert>
              ) : book.error && !(book.error instanceof ServerFnError && book.error.code === 'UNAUTHENTICATED') ? (
                <FormAlert>
                  {book.error instanceof ServerFnError ? book.error.message : 'We could not reach the site. Check your connection and try again.'}
                </FormAlert>
              ) : null;
            return (
              <SessionTypeCard
                key={type.id}
                type={type}
                zone={zone}
                chosenStart={chosenSlot?.start ?? null}
                onChoose={(slot) => choose(type.id, slot)}
                busy={leaving}
                showSlots={anyOpen}
                notice={notice?.sessionTypeId === type.id ? <FormAlert>{notice.message}</FormAlert> : null}
              >
                {chosenSlot ? (
                  <BookingConfirm
                    type={type}
                    slot={chosenSlot}
                    zone={zone}
                    hostName={hostName(chosenSlot.hostUserId)}
                    policy={data.policy}
                    holdMinutes={data.holdMinutes}
                    signedIn={auth.status === 'signed-in'}
                    pending={leaving}
                    problem={problem}
                    onBook={() => bookChoice({ sessionTypeId: type.id, hostUserId: chosenSlot.hostUserId, start: chosenSlot.start })}
                    onBack={clearChoice}
                  />
                ) : null}
              </SessionTypeCard>
            );
          })}
        </div>
      </div>
    </div>
  );
}

/** The open slot a choice names (its host's, else any host's at that start), if it is still open. */
function findSlot(data: SessionsPageData, choice: SlotChoice): OpenSlot | undefined {
  const slots = data.sessionTypes.find((type) => type.id === choice.sessionTypeId)?.slots ?? [];
  return slots.find((slot) => slot.start === choice.start && slot.hostUserId === choice.hostUserId) ?? slots.find((slot) => slot.start === choice.start);
}
