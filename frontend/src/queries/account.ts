import { queryOptions } from '@tanstack/react-query';
import { getCheckoutData } from '@contracts/checkout/checkout.contract';
import type { CheckoutSearch } from '@contracts/checkout/checkout-search';
import { getDashboardData } from '@contracts/dashboard/dashboard.contract';
import { getMyEntitlementSources } from '@contracts/dashboard/entitlement-sources.contract';
import { getCreditSummary } from '@contracts/credits/credits.contract';
import { getSeatInvitation, type SeatInvitation } from '@contracts/licenses/licenses.contract';
import { callServerFn } from '../lib/server-fn-client';

export const checkoutQuery = (search: CheckoutSearch) =>
  queryOptions({
    queryKey: ['account', 'checkout', search.resourceId ?? null, search.quantity ?? null],
    queryFn: () => callServerFn(getCheckoutData, { resourceId: search.resourceId, quantity: search.quantity }),
  });

export const dashboardQuery = () =>
  queryOptions({
    queryKey: ['account', 'dashboard'],
    queryFn: () => callServerFn(getDashboardData, {}),
    staleTime: 10_000,
  });

export const creditSummaryQuery = () =>
  queryOptions({
    queryKey: ['account', 'credits'],
    queryFn: () => callServerFn(getCreditSummary, {}),
    staleTime: 10_000,
  });

/** A real link is well under this; anything longer is not an invitation, and is said to be one that does not work. */
const MAX_INVITATION_TOKEN = 2000;

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: ['account', 'seat-invitation', token],
    queryFn: (): Promise<SeatInvitation> =>
      token.length > MAX_INVITATION_TOKEN ? Promise.resolve({ state: 'invalid' }) : callServerFn(getSeatInvitation, { token }),
  });

/** "Where this comes from": the signed-in customer's entitlements and their sources. */
export const myEntitlementSourcesQuery = () =>
  queryOptions({
    queryKey: ['account', 'entitlement-sources'],
    queryFn: () => callServerFn(getMyEntitlementSources, {}),
    staleTime: 10_000,
  });
