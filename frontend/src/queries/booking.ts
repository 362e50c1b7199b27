import { queryOptions } from '@tanstack/react-query';
import { getHostAvailability } from '@contracts/availability/availability.contract';
import { getHostSessions, getMySessions, getRescheduleSlots, getSessionsPageData, type SessionsSearch } from '@contracts/booking/booking.contract';
import { callServerFn } from '../lib/server-fn-client';

/** The session types with their open slots, and (signed in, after a checkout) the latest booking. */
export const sessionsPageQuery = (search: SessionsSearch) =>
  queryOptions({
    queryKey: ['booking', 'sessions-page', search.status ?? null],
    queryFn: () => callServerFn(getSessionsPageData, { status: search.status }),
    // Open times go as others book them: a minute-old list is old enough.
    staleTime: 30_000,
  });

/** Every variant of the page's data (any status), for refreshing after a booking changes the slots. */
export const sessionsPageKey = ['booking', 'sessions-page'] as const;

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
