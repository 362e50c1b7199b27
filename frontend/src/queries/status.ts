import { queryOptions } from '@tanstack/react-query';
import { getServiceStatus } from '@contracts/status.contract';
import { callServerFn } from '../lib/server-fn-client';

export const serviceStatusQuery = () =>
  queryOptions({
    queryKey: ['status', 'service'],
    queryFn: () => callServerFn(getServiceStatus, {}),
    staleTime: 10_000,
    refetchInterval: 30_000,
  });
