import { sharedPageKey, sharedPaths } from './shared-pages';

const shared = sharedPaths(['/', '/resources', '/terms', '/status', '/contact', '/sessions', '/obsidian-ai-plugin-docs']);
const key = (url: string) => {
  const { pathname, search } = new URL(url, 'http://x');
  return sharedPageKey(shared, pathname, search);
};

describe('which signed-out pages are rendered once for everyone', () => {
  it('shares the indexable pages and resource pages by their slug', () => {
    expect(key('/')).toBe('/');
    expect(key('/terms')).toBe('/terms');
    expect(key('/obsidian-ai-plugin-docs')).toBe('/obsidian-ai-plugin-docs');
    expect(key('/resources/starter-monthly')).toBe('/resources/starter-monthly');
  });

  it('renders per visit what is live, personal or unknown', () => {
    for (const url of ['/status', '/contact', '/sessions', '/dashboard', '/no-such-page', '/terms/', '/Terms', '/ter%6Ds']) expect(key(url)).toBeUndefined();
    for (const url of ['/resources/STARTER-MONTHLY', '/resources/starter-monthly%20', '/resources/a/b', '/resources/-x']) expect(key(url)).toBeUndefined();
  });

  it('keeps one variant per value of a listed parameter, spelled one way', () => {
    expect(key('/resources?category=course')).toBe('/resources?category=course');
    expect(key('/resources?category=course&price=free')).toBe('/resources?category=course&price=free');
    expect(key('/resources?category=all')).toBe('/resources?category=all');
    expect(key('/resources?')).toBe('/resources');
    for (const url of [
      '/resources?price=free&category=course',
      '/resources?category=course&category=course',
      '/resources?category=%63ourse',
      '/resources?category=Course',
    ]) {
      expect(key(url)).toBeUndefined();
    }
  });

  it('renders per visit a free-text search, an unknown parameter or an unlisted value', () => {
    for (const url of [
      '/resources?q=notes',
      '/obsidian-ai-plugin-docs?q=sync',
      '/?x=1',
      '/resources?category=nope',
      '/resources?category',
      '/resources?category=course=x',
      '/?constructor=x',
      '/?__proto__=x',
    ]) {
      expect(key(url)).toBeUndefined();
    }
  });

  it('leaves campaign tags out of the key, since no page reads them', () => {
    expect(key('/?utm_source=news&utm_campaign=launch')).toBe('/');
    expect(key('/resources?category=course&fbclid=abc')).toBe('/resources?category=course');
    expect(key('/resources?gclid=1&category=course')).toBe('/resources?category=course');
  });
});
