import { queryOptions } from '@tanstack/react-query';
import { getSessionsPageData, type SessionsSearch } from '../../../../../contracts/booking/sessions.contract';
import { callServerFn } from '../../../lib/server-fn-client';

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
