import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGetDispute, adminListDisputes, adminSubmitDisputeEvidence } from '@contracts/disputes/disputes.contract';
import type { ServerFnInput } from '@contracts/server-fn';
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
    queryKey: [...adminDisputesQuery().queryKey, disputeId],
    queryFn: () => orSignedOut(() => callServerFn(adminGetDispute, { disputeId })),
    staleTime: 4_000,
  });

/** Sends the evidence to Stripe; sent or refused, the disputes (list and each one) are read again. */
export const submitDisputeEvidenceMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [adminSubmitDisputeEvidence.id],
    mutationFn: (input: ServerFnInput<typeof adminSubmitDisputeEvidence>) => callServerFn(adminSubmitDisputeEvidence, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminDisputesQuery().queryKey }),
  });
