import { queryOptions } from '@tanstack/react-query';
import { getSiteInfo } from '@contracts/site/site.contract';
import { callServerFn } from '../lib/server-fn-client';

export const siteInfoQuery = () =>
  queryOptions({
    queryKey: ['site', 'info'],
    queryFn: () => callServerFn(getSiteInfo, {}),
    staleTime: 5 * 60_000,
  });
