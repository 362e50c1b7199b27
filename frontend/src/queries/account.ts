import { queryOptions } from '@tanstack/react-query';
import { getCheckoutData } from '@contracts/checkout/checkout.contract';
import type { CheckoutSearch } from '@contracts/checkout/checkout-search';
import { getDashboardData } from '@contracts/dashboard/dashboard.contract';
import { getCreditSummary } from '@contracts/dashboard/credits.contract';
import { callServerFn } from '../lib/server-fn-client';

export const checkoutQuery = (search: CheckoutSearch) =>
  queryOptions({
    queryKey: ['account', 'checkout', search.resourceId ?? null, search.qty ?? null],
    queryFn: () => callServerFn(getCheckoutData, { resourceId: search.resourceId, qty: search.qty }),
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
