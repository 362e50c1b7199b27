import { queryOptions } from '@tanstack/react-query';
import { getDownloadProblem } from '@contracts/library/download-problems.contract';
import { callServerFn } from '../lib/server-fn-client';

/** Why a download link does not work for this visitor (null: it does), for the page at the link's address. */
export const downloadProblemQuery = (token: string) =>
  queryOptions({
    queryKey: ['account', 'download-problem', token],
    queryFn: () => callServerFn(getDownloadProblem, { token }),
    staleTime: Infinity,
  });
