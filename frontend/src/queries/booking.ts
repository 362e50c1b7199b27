import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { getHostAvailability, saveHostAvailability } from '@contracts/availability/availability.contract';
import {
  bookSession,
  cancelSession,
  getHostSessions,
  getMySessions,
  getRescheduleSlots,
  getSessionsPageData,
  hostCancelSession,
  releaseSessionHold,
  rescheduleSession,
  type BookedSession,
  type SessionsSearch,
} from '@contracts/booking/booking.contract';
import type { ServerFnInput, ServerFnOutput } from '@contracts/server-fn';
import { callServerFn } from '../lib/server-fn-client';
import type { FollowUp } from './follow-up';

/** Every variant of the page's data (any status), for refreshing after a booking changes the slots. */
export const sessionsPageKey = ['booking', 'sessions-page'] as const;

/** The session types with their open slots, and (signed in, after a checkout) the latest booking. */
export const sessionsPageQuery = (search: SessionsSearch) =>
  queryOptions({
    queryKey: [...sessionsPageKey, search.status ?? null],
    queryFn: () => callServerFn(getSessionsPageData, { status: search.status }),
    // Open times go as others book them: a minute-old list is old enough.
    staleTime: 30_000,
  });

/** The signed-in customer's booked sessions, upcoming and past. */
export const mySessionsQuery = () => queryOptions({ queryKey: ['account', 'sessions'], queryFn: () => callServerFn(getMySessions, {}), staleTime: 10_000 });

/** The times a booking may move to (always fresh: others book meanwhile). */
export const rescheduleSlotsQuery = (bookingId: string) =>
  queryOptions({ queryKey: ['account', 'sessions', 'reschedule', bookingId], queryFn: () => callServerFn(getRescheduleSlots, { bookingId }), staleTime: 0 });

/** A host's weekly hours (hosts only: a refusal is not retried). */
export const availabilityQuery = () =>
  queryOptions({ queryKey: ['account', 'availability'], queryFn: () => callServerFn(getHostAvailability, {}), retry: false });

/** The sessions booked with a host (hosts only: a refusal is not retried). */
export const hostSessionsQuery = () => queryOptions({ queryKey: ['account', 'host-sessions'], queryFn: () => callServerFn(getHostSessions, {}), retry: false });

/** Holds a time and opens Stripe's checkout for it: the answer says where the browser goes. */
export const bookSessionMutation = (followUp?: FollowUp<ServerFnOutput<typeof bookSession>, ServerFnInput<typeof bookSession>>) =>
  mutationOptions({
    mutationKey: [bookSession.id],
    mutationFn: (input: ServerFnInput<typeof bookSession>) => callServerFn(bookSession, input),
    onSuccess: followUp?.onSuccess,
    onError: followUp?.onError,
  });

/** A cancelled checkout gives its time back at once (instead of when the hold lapses), and the open times are read again. */
export const releaseSessionHoldMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [releaseSessionHold.id],
    mutationFn: () => callServerFn(releaseSessionHold, {}),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsPageKey }),
  });

/** Puts a booking as the server just answered it into the list at once (the refetch follows). */
function applyAnswer(queryClient: QueryClient, changed: BookedSession) {
  const replace = (sessions: BookedSession[]) => sessions.map((s) => (s.bookingId === changed.bookingId ? changed : s));
  queryClient.setQueryData(mySessionsQuery().queryKey, (data) =>
    data ? { ...data, upcoming: replace(data.upcoming), past: replace(data.past), cancelled: replace(data.cancelled) } : data,
  );
  return Promise.all([queryClient.invalidateQueries({ queryKey: mySessionsQuery().queryKey }), queryClient.invalidateQueries({ queryKey: sessionsPageKey })]);
}

/** Moves a booking; the page says so first, then the list shows the answer and is read again with the open times. */
export const rescheduleSessionMutation = (
  queryClient: QueryClient,
  followUp?: FollowUp<ServerFnOutput<typeof rescheduleSession>, ServerFnInput<typeof rescheduleSession>>,
) =>
  mutationOptions({
    mutationKey: [rescheduleSession.id],
    mutationFn: (input: ServerFnInput<typeof rescheduleSession>) => callServerFn(rescheduleSession, input),
    onSuccess: async (answer, input) => {
      await followUp?.onSuccess?.(answer, input);
      await applyAnswer(queryClient, answer.session);
    },
    onError: followUp?.onError,
  });

/** Cancels a booking; the page says so first, then the list shows the answer and is read again with the open times. */
export const cancelSessionMutation = (queryClient: QueryClient, followUp?: FollowUp<ServerFnOutput<typeof cancelSession>, string>) =>
  mutationOptions({
    mutationKey: [cancelSession.id],
    mutationFn: (bookingId: string) => callServerFn(cancelSession, { bookingId }),
    onSuccess: async (answer, bookingId) => {
      await followUp?.onSuccess?.(answer, bookingId);
      await applyAnswer(queryClient, answer.session);
    },
  });

/** A host cancels a booked session (the customer is refunded and emailed). */
export const hostCancelSessionMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [hostCancelSession.id],
    mutationFn: (bookingId: string) => callServerFn(hostCancelSession, { bookingId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: hostSessionsQuery().queryKey }),
  });

export const saveHostAvailabilityMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [saveHostAvailability.id],
    mutationFn: (input: ServerFnInput<typeof saveHostAvailability>) => callServerFn(saveHostAvailability, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: availabilityQuery().queryKey }),
  });
