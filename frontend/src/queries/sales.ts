import { queryOptions } from '@tanstack/react-query';
import { getRunningSales } from '@contracts/promotions/running-sales.contract';
import { callServerFn } from '../lib/server-fn-client';

/**
 * Sales running now (automatic promotions), shown on the plans page; they apply at checkout by
 * themselves. Its own module, imported where it is used, so its contract stays out of the first load.
 */
export const runningSalesQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'sales'],
    queryFn: () => callServerFn(getRunningSales, {}),
    staleTime: 60_000,
  });
