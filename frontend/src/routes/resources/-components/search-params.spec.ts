import { z } from 'zod';
import { RESOURCE_QUERY_MAX, resourcesSearchSchema } from '@contracts/catalog/catalog.contract';
import { readResourcesSearch } from './search-params';
import { describeSearchProblem } from './search-problem';

// The page once read its address with the contract's schema (what listResources takes), a scalar
// q read back as text first. It reads it without zod now: the same searches, the same problems.
const withTextQ = z.preprocess((raw) => {
  if (typeof raw !== 'object' || raw === null || !('q' in raw)) return raw;
  const { q } = raw as { q: unknown };
  return typeof q === 'number' || typeof q === 'boolean' || q === null ? { ...raw, q: String(q) } : raw;
}, resourcesSearchSchema);

const searches: Record<string, unknown>[] = [
  {},
  { q: 'canvas' },
  { q: '  canvas  ' },
  { q: '   ' },
  { q: '' },
  { q: undefined },
  { q: 30 },
  { q: true },
  { q: null },
  { q: ['a'] },
  { q: { a: 1 } },
  { q: 'x'.repeat(RESOURCE_QUERY_MAX) },
  { q: ` ${'x'.repeat(RESOURCE_QUERY_MAX)} ` },
  { q: 'x'.repeat(RESOURCE_QUERY_MAX + 1) },
  { q: 'a\0b' },
  { q: 'a\uD800b' },
  { q: `${'\0'.repeat(RESOURCE_QUERY_MAX + 1)}` },
  { category: 'all' },
  { category: 'template' },
  { category: 'api_credits' },
  { category: 'Templates' },
  { category: 3 },
  { category: undefined },
  { price: 'all' },
  { price: 'free' },
  { price: 'paid' },
  { price: 'cheap' },
  { price: null },
  { q: 'x', category: 'course', price: 'paid', page: 2 },
  { q: 'x'.repeat(200), category: 'nope', price: 'nope' },
  { category: 'nope', price: 'nope' },
  { q: 5, category: 'nope' },
  { other: 'kept out' },
];

describe('the resources page’s search', () => {
  it.each(searches.map((search) => [JSON.stringify(search), search]))('reads %s as the contract’s schema does', (_name, search) => {
    const parsed = withTextQ.safeParse(search);
    if (parsed.success) {
      expect(readResourcesSearch(search)).toStrictEqual(parsed.data);
      expect(describeSearchProblem(search)).toBeUndefined();
    } else {
      expect(() => readResourcesSearch(search)).toThrow();
      const [issue] = parsed.error.issues;
      const problem = describeSearchProblem(search);
      if (issue?.path[0] === 'q') {
        if (issue.code === 'too_big') expect(problem).toBe(`The search can be at most ${RESOURCE_QUERY_MAX} characters.`);
        else if (issue.code === 'custom') expect(problem).toMatch(/characters no text can/);
        else expect(problem).toBe('The search (q) must be text.');
      } else if (issue?.path[0] === 'category') expect(problem).toMatch(/^There is no “.*” category\. The category can be All, /);
      else expect(problem).toMatch(/^The price filter can be All, Free or Paid, not “/);
    }
  });

  it('names what is wrong in words', () => {
    expect(describeSearchProblem({ category: 'Templates' })).toBe(
      'There is no “Templates” category. The category can be All, Bundles, Templates, Licenses, Courses, Ebooks, Sessions or API Credits.',
    );
    expect(describeSearchProblem({ price: 'cheap' })).toBe('The price filter can be All, Free or Paid, not “cheap”.');
    expect(describeSearchProblem('not an object')).toBe('These search parameters are not valid.');
  });
});
