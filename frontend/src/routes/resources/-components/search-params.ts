import { z } from 'zod';
import { RESOURCE_QUERY_MAX, resourcesSearchSchema, type ResourcesSearch } from '@contracts/catalog/catalog.contract';
import { resourceTypes } from '@contracts/catalog/resource';
import { RESOURCE_TYPE_PLURAL } from '../../../components/catalog/resource-facts';
import { normalizeResourcesSearch } from '../../../queries/catalog';

/**
 * The contract's schema, fed what a person can type. The router reads `?q=30` as the number 30
 * (it JSON-parses each value), but a search is text, so a scalar q is read back as text first.
 * The input type stays the schema's, so links and navigate() are typed against it.
 */
export const resourcesSearchParams = z.preprocess<unknown, typeof resourcesSearchSchema, z.input<typeof resourcesSearchSchema>>((raw) => {
  if (typeof raw !== 'object' || raw === null || !('q' in raw)) return raw;
  const { q } = raw as { q: unknown };
  return typeof q === 'number' || typeof q === 'boolean' || q === null ? { ...raw, q: String(q) } : raw;
}, resourcesSearchSchema);

export type Filters = ResourcesSearch;
export type PriceFilter = NonNullable<Filters['price']>;

/** The URL's search for a set of filters: nothing for "no filter", so the plain list is /resources. */
export function toSearch(filters: Filters): Filters {
  return normalizeResourcesSearch(filters);
}

/** What is wrong with the URL's search, in words that name the parameter; undefined when it is fine. */
export function describeSearchProblem(rawSearch: unknown): string | undefined {
  const result = resourcesSearchParams.safeParse(rawSearch);
  if (result.success) return undefined;
  const raw = (typeof rawSearch === 'object' && rawSearch !== null ? rawSearch : {}) as Record<string, unknown>;
  const issue = result.error.issues[0];
  const key = issue?.path[0];
  const shown = (value: unknown) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
    return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  };
  if (key === 'q') {
    if (issue?.code === 'too_big') return `The search can be at most ${RESOURCE_QUERY_MAX} characters.`;
    return issue?.code === 'custom' ? 'The search holds characters no text can (a NUL or a broken character).' : 'The search (q) must be text.';
  }
  if (key === 'category') {
    const names = ['All', ...resourceTypes.map((type) => RESOURCE_TYPE_PLURAL[type])];
    return `There is no “${shown(raw.category)}” category. The category can be ${names.slice(0, -1).join(', ')} or ${names.at(-1)}.`;
  }
  if (key === 'price') return `The price filter can be All, Free or Paid, not “${shown(raw.price)}”.`;
  return 'These search parameters are not valid.';
}
