import { mutationOptions, queryOptions, type QueryClient } from '@tanstack/react-query';
import { cancelCheckout, checkCheckoutAccess, getCheckoutData, initiateCheckout } from '@contracts/checkout/checkout.contract';
import type { CheckoutSearch } from '@contracts/checkout/checkout-search';
import { abandonPendingPayment, checkDashboardAccess, getDashboardData, openBillingPortal } from '@contracts/dashboard/dashboard.contract';
import { getMyEntitlementSources } from '@contracts/dashboard/entitlement-sources.contract';
import { getCreditSummary } from '@contracts/credits/credits.contract';
import { getSeatInvitation, type SeatInvitation } from '@contracts/licenses/licenses.contract';
import type { ServerFnInput, ServerFnOutput } from '@contracts/server-fn';
import { callServerFn } from '../lib/server-fn-client';
import type { FollowUp } from './follow-up';

/** Every read about the signed-in account starts with this key: a change that touches the whole account refreshes them all. */
export const accountKey = ['account'] as const;

export const checkoutQuery = (search: CheckoutSearch) =>
  queryOptions({
    queryKey: [...accountKey, 'checkout', search.resourceId ?? null, search.quantity ?? null, search.code ?? null],
    queryFn: () => callServerFn(getCheckoutData, { resourceId: search.resourceId, quantity: search.quantity, code: search.code }),
  });

/** The checkout page's guard: a signed-out visitor is redirected to sign in first (never cached: it answers for this visit). */
export const checkCheckoutAccessFor = (search: ServerFnInput<typeof checkCheckoutAccess>) => callServerFn(checkCheckoutAccess, search);

export const dashboardQuery = () =>
  queryOptions({
    queryKey: [...accountKey, 'dashboard'],
    queryFn: () => callServerFn(getDashboardData, {}),
    staleTime: 10_000,
  });

/** The dashboard's guard: a signed-out visitor is redirected to sign in first (never cached: it answers for this visit). */
export const checkDashboardAccessFor = (search: ServerFnInput<typeof checkDashboardAccess>) => callServerFn(checkDashboardAccess, search);

export const creditSummaryQuery = () =>
  queryOptions({
    queryKey: [...accountKey, 'credits'],
    queryFn: () => callServerFn(getCreditSummary, {}),
    staleTime: 10_000,
  });

/** A real link is well under this; anything longer is not an invitation, and is said to be one that does not work. */
const MAX_INVITATION_TOKEN = 2000;

export const invitationQuery = (token: string) =>
  queryOptions({
    queryKey: [...accountKey, 'seat-invitation', token],
    queryFn: (): Promise<SeatInvitation> =>
      token.length > MAX_INVITATION_TOKEN ? Promise.resolve({ state: 'invalid' }) : callServerFn(getSeatInvitation, { token }),
  });

/** "Where this comes from": the signed-in customer's entitlements and their sources. */
export const myEntitlementSourcesQuery = () =>
  queryOptions({
    queryKey: [...accountKey, 'entitlement-sources'],
    queryFn: () => callServerFn(getMyEntitlementSources, {}),
    staleTime: 10_000,
  });

/** Buys (or, free, adds) an item: the answer says where the browser goes next, so nothing here is refreshed. */
export const initiateCheckoutMutation = (followUp?: FollowUp<ServerFnOutput<typeof initiateCheckout>, ServerFnInput<typeof initiateCheckout>>) =>
  mutationOptions({
    mutationKey: [initiateCheckout.id],
    mutationFn: (input: ServerFnInput<typeof initiateCheckout>) => callServerFn(initiateCheckout, input),
    onSuccess: followUp?.onSuccess,
  });

/** Back from Stripe's "back" link: the item's open checkout closes as cancelled, and every account read is refreshed. */
export const cancelCheckoutMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [cancelCheckout.id],
    mutationFn: (resourceId: string) => callServerFn(cancelCheckout, { resourceId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKey }),
  });

export const abandonPendingPaymentMutation = (queryClient: QueryClient) =>
  mutationOptions({
    mutationKey: [abandonPendingPayment.id],
    mutationFn: (pendingPaymentId: string) => callServerFn(abandonPendingPayment, { pendingPaymentId }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardQuery().queryKey }),
  });

/** Opens Stripe's billing portal: the answer is the address to go to. */
export const openBillingPortalMutation = (followUp?: FollowUp<ServerFnOutput<typeof openBillingPortal>>) =>
  mutationOptions({
    mutationKey: [openBillingPortal.id],
    mutationFn: () => callServerFn(openBillingPortal, {}),
    onSuccess: followUp?.onSuccess,
  });
