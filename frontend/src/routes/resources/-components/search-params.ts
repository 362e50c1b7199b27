import { RESOURCE_PRICE_FILTERS, RESOURCE_QUERY_MAX, type ResourcesSearch } from '@contracts/catalog/catalog.contract';
import { resourceTypes } from '@contracts/catalog/resource';
import { isStorableText } from '@contracts/text-rule';
import { normalizeResourcesSearch } from '../../../queries/catalog';

export type Filters = ResourcesSearch;
export type PriceFilter = NonNullable<Filters['price']>;

/** The URL's search for a set of filters: nothing for "no filter", so the plain list is /resources. */
export function toSearch(filters: Filters): Filters {
  return normalizeResourcesSearch(filters);
}

/**
 * Why the address's search is not one the page takes: the parameter and, for q, how it breaks
 * the contract's resourcesSearchSchema (search-params.spec.ts holds the two equal). The router
 * reads `?q=30` as the number 30 (it JSON-parses each value), but a search is text, so a scalar q
 * is read back as text first.
 */
export type SearchProblem = { key: 'q'; code: 'too_big' | 'custom' | 'invalid_type' } | { key: 'category' | 'price' | undefined };

function readQ(value: unknown): { q: string | undefined } | SearchProblem {
  const q = typeof value === 'number' || typeof value === 'boolean' || value === null ? String(value) : value;
  if (q === undefined) return { q: undefined };
  if (typeof q !== 'string') return { key: 'q', code: 'invalid_type' };
  const trimmed = q.trim();
  if (trimmed.length > RESOURCE_QUERY_MAX) return { key: 'q', code: 'too_big' };
  if (!isStorableText(trimmed)) return { key: 'q', code: 'custom' };
  return { q: trimmed || undefined };
}

function read(raw: unknown): Partial<Filters> | SearchProblem {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { key: undefined };
  const search = raw as Record<string, unknown>;
  const q = readQ(search.q);
  if ('key' in q) return q;
  const { category, price } = search;
  if (category !== undefined && category !== 'all' && !(resourceTypes as readonly unknown[]).includes(category)) return { key: 'category' };
  if (price !== undefined && !(RESOURCE_PRICE_FILTERS as readonly unknown[]).includes(price)) return { key: 'price' };
  const filters: Partial<Filters> = {};
  if ('q' in search) filters.q = q.q;
  if ('category' in search) filters.category = category as Filters['category'];
  if ('price' in search) filters.price = price as Filters['price'];
  return filters;
}

const isProblem = (read: Partial<Filters> | SearchProblem): read is SearchProblem => 'key' in read;

/** What is wrong with the URL's search; undefined when it is fine (the error screen puts it in words: search-problem.ts). */
export function resourcesSearchProblem(raw: unknown): SearchProblem | undefined {
  const result = read(raw);
  return isProblem(result) ? result : undefined;
}

/** The route's validateSearch: a search the page cannot run is an error (the server answers 400). */
export function readResourcesSearch(raw: Record<string, unknown>): Partial<Filters> {
  const result = read(raw);
  if (isProblem(result)) throw new Error('The search parameters are not ones the page takes.');
  return result;
}
