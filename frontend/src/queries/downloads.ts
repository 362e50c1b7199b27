import { queryOptions } from '@tanstack/react-query';
import { getDownloadProblem } from '@contracts/library/download-problems.contract';
import { callServerFn, ServerFnError } from '../lib/server-fn-client';

/** Why a download link does not work for this visitor (null: it does), for the page at the link's address. */
export const downloadProblemQuery = (token: string) =>
  queryOptions({
    queryKey: ['account', 'download-problem', token],
    queryFn: () =>
      callServerFn(getDownloadProblem, { token }).catch((error: unknown) => {
        // A token no link could hold (a NUL, say) is refused as input: to the visitor it is a link that is not valid.
        if (error instanceof ServerFnError && error.code === 'VALIDATION_FAILED') return { problem: 'forged' as const, resourceId: null };
        throw error;
      }),
    staleTime: Infinity,
  });
