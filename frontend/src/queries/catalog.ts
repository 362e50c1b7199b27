import { queryOptions } from '@tanstack/react-query';
import { isNotFound, isRedirect } from '@tanstack/react-router';
import { getPricingResources, getResource, listResources, type ResourcesSearch } from '@contracts/catalog/catalog.contract';
import { callServerFn, ServerFnError } from '../lib/server-fn-client';

/**
 * Retry once, and only what may succeed on a second try: a network failure or a 5xx. A redirect,
 * a not-found or a validation error answers the same every time, so it surfaces at once.
 */
function retryTransient(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (isRedirect(error) || isNotFound(error)) return false;
  if (error instanceof ServerFnError) return error.status >= 500;
  return true;
}

/** Only the three filters, with "no filter" spelled one way, so equal searches share a cache entry. */
export function normalizeResourcesSearch(search: Partial<ResourcesSearch>): ResourcesSearch {
  const q = search.q?.trim() || undefined;
  const category = search.category && search.category !== 'all' ? search.category : undefined;
  const price = search.price && search.price !== 'all' ? search.price : undefined;
  return { q, category, price };
}

export const resourcesQuery = (search: Partial<ResourcesSearch>) => {
  const filters = normalizeResourcesSearch(search);
  return queryOptions({
    queryKey: ['catalog', 'resources', filters],
    queryFn: () => callServerFn(listResources, filters),
    retry: retryTransient,
  });
};

export const resourceQuery = (resourceId: string) =>
  queryOptions({
    queryKey: ['catalog', 'resource', resourceId],
    queryFn: () => callServerFn(getResource, { resourceId }),
    retry: retryTransient,
  });

export const pricingQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'pricing'],
    queryFn: () => callServerFn(getPricingResources, {}),
    staleTime: 5 * 60_000,
    retry: retryTransient,
  });
