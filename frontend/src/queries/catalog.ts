import { queryOptions } from '@tanstack/react-query';
import { getPricingResources, getResource, listResources, type ResourcesSearch } from '@contracts/catalog/catalog.contract';
import { callServerFn } from '../lib/server-fn-client';

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
  });
};

export const resourceQuery = (resourceId: string) =>
  queryOptions({
    queryKey: ['catalog', 'resource', resourceId],
    queryFn: () => callServerFn(getResource, { resourceId }),
  });

export const pricingQuery = () =>
  queryOptions({
    queryKey: ['catalog', 'pricing'],
    queryFn: () => callServerFn(getPricingResources, {}),
    staleTime: 5 * 60_000,
  });
