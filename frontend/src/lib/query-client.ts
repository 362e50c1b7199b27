import { QueryClient } from '@tanstack/react-query';

/** The spec's query defaults: stale after 60 s, kept 300 s. */
export const QUERY_STALE_MS = 60_000;
export const QUERY_GC_MS = 300_000;

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, gcTime: QUERY_GC_MS, retry: 1, refetchOnWindowFocus: false },
    },
  });
}
