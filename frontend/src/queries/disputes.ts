import { queryOptions } from '@tanstack/react-query';
import { adminGetDispute, adminListDisputes } from '@contracts/disputes/disputes.contract';
import { callServerFn, ServerFnError } from '../lib/server-fn-client';

/** Admin reads answer null when the visitor is not signed in as an administrator (403). */
async function orSignedOut<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ServerFnError && error.code === 'FORBIDDEN') return null;
    throw error;
  }
}

export const adminDisputesQuery = () =>
  queryOptions({
    queryKey: ['admin', 'disputes'],
    queryFn: () => orSignedOut(() => callServerFn(adminListDisputes, {})),
    staleTime: 4_000,
  });

export const adminDisputeQuery = (disputeId: string) =>
  queryOptions({
    queryKey: ['admin', 'disputes', disputeId],
    queryFn: () => orSignedOut(() => callServerFn(adminGetDispute, { disputeId })),
    staleTime: 4_000,
  });
