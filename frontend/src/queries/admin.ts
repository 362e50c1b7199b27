import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { adminGetProjectors, adminGetReplay, adminListEvents, adminListStreams, adminStartReplay } from '@contracts/admin/admin.contract';
import { getAccountAtMoment } from '@contracts/admin/account-moment.contract';
import { getCustomerAccount, getCustomerTimeline } from '@contracts/admin/customer-account.contract';
import { getEntitlementSources } from '@contracts/admin/entitlement-sources.contract';
import { searchCustomers } from '@contracts/admin/customer-search.contract';
import { getAdminViewer, getSupportAudit, takeSupportAction } from '@contracts/admin/support-actions.contract';
import type { ServerFnInput, ServerFnOutput } from '@contracts/server-fn';
import { adminListStripeEvents, adminRedriveStripeEvent } from '@contracts/stripe/stripe.contract';
import { callServerFn, ServerFnError } from '../lib/server-fn-client';
import type { FollowUp } from './follow-up';

/** The lists read with a filter: a change refreshes every filter's page of them. */
export const adminListKeys = {
  stripeEvents: ['admin', 'stripe-events'],
  customerTimeline: ['admin', 'customer-timeline'],
  supportAudit: ['admin', 'support-audit'],
} as const;

/** Admin reads answer null when the visitor is not signed in as an administrator (403). */
export async function orSignedOut<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if (error instanceof ServerFnError && error.code === 'FORBIDDEN') return null;
    throw error;
  }
}

export const adminProjectorsQuery = () =>
  queryOptions({
    queryKey: ['admin', 'projectors'],
    queryFn: () => orSignedOut(() => callServerFn(adminGetProjectors, {})),
    // Fresh enough for the page the server just rendered: hydration must not ask again.
    staleTime: 4_000,
    // Keep lag figures fresh while signed in; a signed-out page asks nothing until the form posts.
    refetchInterval: (query) => (query.state.data ? 5_000 : false),
  });

export const adminEventsQuery = (filter: ServerFnInput<typeof adminListEvents>) =>
  queryOptions({
    queryKey: ['admin', 'events', filter],
    queryFn: () => orSignedOut(() => callServerFn(adminListEvents, filter)),
    staleTime: 4_000,
  });

export const adminStreamsQuery = (filter: ServerFnInput<typeof adminListStreams>) =>
  queryOptions({
    queryKey: ['admin', 'streams', filter],
    queryFn: () => orSignedOut(() => callServerFn(adminListStreams, filter)),
    staleTime: 4_000,
  });

export const adminReplayQuery = (replayId: string) =>
  queryOptions({
    queryKey: ['admin', 'replay', replayId],
    queryFn: () => callServerFn(adminGetReplay, { replayId }),
    refetchInterval: (query) => (query.state.data && ['completed', 'failed'].includes(query.state.data.state) ? false : 400),
    staleTime: 0,
  });

export const adminStripeEventsQuery = (filter: ServerFnInput<typeof adminListStripeEvents>) =>
  queryOptions({
    queryKey: [...adminListKeys.stripeEvents, filter],
    queryFn: () => orSignedOut(() => callServerFn(adminListStripeEvents, filter)),
    staleTime: 4_000,
    refetchInterval: (query) => (query.state.data ? 5_000 : false),
  });

export const adminCustomerSearchQuery = (query: string) =>
  queryOptions({
    queryKey: ['admin', 'customers', query],
    queryFn: () => callServerFn(searchCustomers, { query }),
    staleTime: 10_000,
  });

export const adminCustomerAccountQuery = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'customer-account', userId],
    queryFn: () => orSignedOut(() => callServerFn(getCustomerAccount, { userId })),
    staleTime: 4_000,
  });

export const adminCustomerTimelineQuery = (filter: ServerFnInput<typeof getCustomerTimeline>) =>
  queryOptions({
    queryKey: [...adminListKeys.customerTimeline, filter],
    queryFn: () => orSignedOut(() => callServerFn(getCustomerTimeline, filter)),
    staleTime: 4_000,
  });

export const adminEntitlementSourcesQuery = (userId: string) =>
  queryOptions({
    queryKey: ['admin', 'entitlement-sources', userId],
    queryFn: () => orSignedOut(() => callServerFn(getEntitlementSources, { userId })),
    staleTime: 4_000,
  });

/** The account as it was at a position of the log or a time, and what changed since: it never changes for a position, only "now" moves. */
export const adminAccountMomentQuery = (input: ServerFnInput<typeof getAccountAtMoment>) =>
  queryOptions({
    queryKey: ['admin', 'account-moment', input],
    queryFn: () => orSignedOut(() => callServerFn(getAccountAtMoment, input)),
    staleTime: 4_000,
  });

export const adminSupportAuditQuery = (filter: ServerFnInput<typeof getSupportAudit>) =>
  queryOptions({
    queryKey: [...adminListKeys.supportAudit, filter],
    queryFn: () => orSignedOut(() => callServerFn(getSupportAudit, filter)),
    staleTime: 4_000,
  });

export const adminViewerQuery = () =>
  queryOptions({
    queryKey: ['admin', 'viewer'],
    queryFn: () => orSignedOut(() => callServerFn(getAdminViewer, {})),
    staleTime: 60_000,
  });

/** Starts rebuilding one read model; the page then follows it with adminReplayQuery. */
export const startReplayMutation = (followUp?: FollowUp<ServerFnOutput<typeof adminStartReplay>, string>) =>
  mutationOptions({
    mutationKey: [adminStartReplay.id],
    mutationFn: (projector: string) => callServerFn(adminStartReplay, { projector }),
    onSuccess: followUp?.onSuccess,
  });

/** Queues one kept Stripe event again; queued or refused, the events list is read again. */
export const redriveStripeEventMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [adminRedriveStripeEvent.id],
    mutationFn: (stripeEventId: string) => callServerFn(adminRedriveStripeEvent, { stripeEventId }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminListKeys.stripeEvents }),
  });

/** One support action; once done, the customer's account, its timeline and the audit log are read again. */
export const supportActionMutation = (
  queryClient: QueryClient,
  followUp?: FollowUp<ServerFnOutput<typeof takeSupportAction>, ServerFnInput<typeof takeSupportAction>>,
) =>
  mutationOptions({
    mutationKey: [takeSupportAction.id],
    mutationFn: (input: ServerFnInput<typeof takeSupportAction>) => callServerFn(takeSupportAction, input),
    onSuccess: async (answer, input) => {
      await followUp?.onSuccess?.(answer, input);
      void queryClient.invalidateQueries({ queryKey: adminCustomerAccountQuery(input.userId).queryKey });
      void queryClient.invalidateQueries({ queryKey: adminListKeys.customerTimeline });
      void queryClient.invalidateQueries({ queryKey: adminListKeys.supportAudit });
    },
  });
