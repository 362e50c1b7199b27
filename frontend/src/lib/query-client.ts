import { QueryClient, type Query } from '@tanstack/react-query';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { ServerFnError } from './server-fn-client';

/** The spec's query defaults: stale after 60 s, kept 300 s. */
export const QUERY_STALE_MS = 60_000;
export const QUERY_GC_MS = 300_000;

/**
 * Whether a failed read may succeed if asked again: a network failure or a 5xx, once, and only in
 * the browser. A redirect, a not-found or any other 4xx answers the same every time, and a server
 * render that waits to ask again only stalls the page it will render as an error anyway.
 */
export function retryTransient(failureCount: number, error: unknown): boolean {
  if (typeof window === 'undefined' || failureCount >= 1 || isRedirect(error) || isNotFound(error)) return false;
  return error instanceof ServerFnError ? error.status >= 500 : true;
}

/**
 * A query that failed with the router's redirect or not-found is the route's answer, not data:
 * the route carries it to the browser, and a Response-shaped redirect cannot be serialised anyway.
 */
export function dehydratesQuery(query: Query): boolean {
  const { error } = query.state;
  return !(isRedirect(error) || isNotFound(error));
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: QUERY_STALE_MS, gcTime: QUERY_GC_MS, retry: retryTransient, refetchOnWindowFocus: false },
      dehydrate: { shouldDehydrateQuery: dehydratesQuery },
    },
  });
}
