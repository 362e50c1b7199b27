import { RESOURCE_QUERY_MAX } from '@contracts/catalog/catalog.contract';
import { resourceTypes } from '@contracts/catalog/resource';
import { RESOURCE_TYPE_PLURAL } from '../../../components/catalog/resource-facts';
import { resourcesSearchProblem } from './search-params';

/** What is wrong with the URL's search, in words that name the parameter; undefined when it is fine. */
export function describeSearchProblem(rawSearch: unknown): string | undefined {
  const result = resourcesSearchProblem(rawSearch);
  if (!result) return undefined;
  const raw = (typeof rawSearch === 'object' && rawSearch !== null ? rawSearch : {}) as Record<string, unknown>;
  const shown = (value: unknown) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
    return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  };
  if (result.key === 'q') {
    if (result.code === 'too_big') return `The search can be at most ${RESOURCE_QUERY_MAX} characters.`;
    return result.code === 'custom' ? 'The search holds characters no text can (a NUL or a broken character).' : 'The search (q) must be text.';
  }
  if (result.key === 'category') {
    const names = ['All', ...resourceTypes.map((type) => RESOURCE_TYPE_PLURAL[type])];
    return `There is no “${shown(raw.category)}” category. The category can be ${names.slice(0, -1).join(', ')} or ${names.at(-1)}.`;
  }
  if (result.key === 'price') return `The price filter can be All, Free or Paid, not “${shown(raw.price)}”.`;
  return 'These search parameters are not valid.';
}
