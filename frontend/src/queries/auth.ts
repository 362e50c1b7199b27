import { queryOptions } from '@tanstack/react-query';
import { getViewer } from '@contracts/auth/auth.contract';
import { callServerFn } from '../lib/server-fn-client';

/** Who is signed in (read from the session cookie on the server; no sign-in script needed). */
export const viewerQuery = () =>
  queryOptions({
    queryKey: ['auth', 'viewer'],
    queryFn: () => callServerFn(getViewer, {}),
    staleTime: 60_000,
  });
