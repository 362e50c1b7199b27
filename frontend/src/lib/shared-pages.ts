import { resourceTypes } from '@contracts/catalog/resource';

/**
 * Which signed-out pages render the same for every visitor until the catalog or the build changes,
 * so the server may render each once and serve copies (each with its own CSP nonce).
 *
 * Left out: /status (live checks), /contact (a one-message form token and its cookie) and
 * /sessions (open times move as people book and as the clock runs).
 */
const RENDERED_PER_VISIT = new Set(['/status', '/contact', '/sessions']);

/** A resource page by its slug as the site links it (lowercase): other spellings render per visit. */
const RESOURCE_PAGE = /^\/resources\/[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** The search parameters a shared page varies by, each with every value it may take, so variants stay few. */
const VARYING: Record<string, Record<string, readonly string[]>> = {
  '/resources': { category: ['all', ...resourceTypes], price: ['all', 'free', 'paid'] },
};

/** Campaign tags no page reads (the rendered page is the same with or without them): left out of the key. */
const CAMPAIGN_TAG = /^(?:utm_[a-z]+|gclid|fbclid|msclkid)$/;

/** Of the indexable pages (public-paths), those rendered once for everyone. */
export function sharedPaths(publicPaths: string[]): ReadonlySet<string> {
  return new Set(publicPaths.filter((path) => !RENDERED_PER_VISIT.has(path)));
}

/**
 * The cache key of a shared page (its path and the parameters it varies by, in one spelling), or
 * undefined when the address must be rendered per visit: a page left out above, a search the page
 * reads as free text (`q`), an unknown parameter, a value outside its list, or any other spelling
 * (percent-escapes, repeats, a different order) of a query that has a key.
 */
export function sharedPageKey(shared: ReadonlySet<string>, pathname: string, search: string): string | undefined {
  if (!shared.has(pathname) && !RESOURCE_PAGE.test(pathname)) return undefined;
  const query = search.startsWith('?') ? search.slice(1) : search;
  if (!query) return pathname;
  const varying = Object.hasOwn(VARYING, pathname) ? VARYING[pathname]! : {};
  const kept: string[] = [];
  for (const pair of query.split('&')) {
    const [name = '', value, extra] = pair.split('=');
    if (CAMPAIGN_TAG.test(name)) continue;
    if (extra !== undefined || value === undefined || !Object.hasOwn(varying, name) || !varying[name]!.includes(value)) return undefined;
    kept.push(`${name}=${value}`);
  }
  const sorted = [...kept].sort();
  // One spelling per variant: parameters in alphabetical order, each once.
  if (kept.some((pair, i) => pair !== sorted[i] || pair.split('=')[0] === sorted[i - 1]?.split('=')[0])) return undefined;
  return kept.length ? `${pathname}?${kept.join('&')}` : pathname;
}
