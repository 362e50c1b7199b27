import { queryOptions } from '@tanstack/react-query';
import { adminGetProjectors, adminGetReplay, adminListEvents, adminListStreams } from '@contracts/admin/admin.contract';
import { getAccountAtMoment } from '@contracts/admin/account-moment.contract';
import { getCustomerAccount, getCustomerTimeline } from '@contracts/admin/customer-account.contract';
import { getEntitlementSources } from '@contracts/admin/entitlement-sources.contract';
import { searchCustomers } from '@contracts/admin/customer-search.contract';
import { getAdminViewer, getSupportAudit } from '@contracts/admin/support-actions.contract';
import type { ServerFnInput } from '@contracts/server-fn';
import { adminListStripeEvents } from '@contracts/stripe/stripe.contract';
import { callServerFn, ServerFnError } from '../lib/server-fn-client';

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
    queryKey: ['admin', 'stripe-events', filter],
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
    queryKey: ['admin', 'customer-timeline', filter],
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
    queryKey: ['admin', 'support-audit', filter],
    queryFn: () => orSignedOut(() => callServerFn(getSupportAudit, filter)),
    staleTime: 4_000,
  });

export const adminViewerQuery = () =>
  queryOptions({
    queryKey: ['admin', 'viewer'],
    queryFn: () => orSignedOut(() => callServerFn(getAdminViewer, {})),
    staleTime: 60_000,
  });
