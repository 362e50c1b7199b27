import { queryOptions } from '@tanstack/react-query';
import { adminGetDispute, adminListDisputes } from '@contracts/disputes/disputes.contract';
import { callServerFn } from '../lib/server-fn-client';
import { orSignedOut } from './admin';

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
