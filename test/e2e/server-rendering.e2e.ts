import { baseUrl } from '../support/browser';

const get = (path: string, init?: RequestInit) => fetch(`${baseUrl()}${path}`, { redirect: 'manual', ...init });

describe('the home page without JavaScript', () => {
  it('arrives as complete HTML: title, description, navigation, content and footer', async () => {
    const response = await get('/');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toMatch(/<title>[^<]*SystemSculpt[^<]*<\/title>/);
    expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
    expect(html).toContain('<nav aria-label="Main"');
    for (const label of ['Home', 'Obsidian AI Plugin', 'Resources', 'Dashboard', 'Sign In']) expect(html).toContain(`>${label}<`);
    expect(html).toMatch(/<h1[^>]*>/);
    expect(html).toContain('Made for the Obsidian community.');
  });

  it('puts the CSP nonce on every inline script it emits', async () => {
    const response = await get('/');
    const nonce = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

describe('paths that are not pages', () => {
  it('answers an unknown path with the 404 screen and status 404', async () => {
    const response = await get('/no-such-page');
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('Page Not Found');
    expect(html).toContain('Looking for something specific?');
  });

  it('moves /obsidian-plugin-docs permanently to /obsidian-ai-plugin-docs, keeping the rest of the URL', async () => {
    const bare = await get('/obsidian-plugin-docs');
    expect(bare.status).toBe(301);
    expect(bare.headers.get('location')).toBe('/obsidian-ai-plugin-docs');
    const deep = await get('/obsidian-plugin-docs/faq?ref=plugin');
    expect(deep.status).toBe(301);
    expect(deep.headers.get('location')).toBe('/obsidian-ai-plugin-docs/faq?ref=plugin');
  });

  it('serves hashed assets as immutable and a missing asset as a plain 404', async () => {
    const html = await (await get('/')).text();
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const asset = await get(script!);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    expect((await get('/assets/nope.js')).status).toBe(404);
  });
});

describe('security headers', () => {
  it.each(['/', '/no-such-page', '/healthz', '/_serverFn/getSiteInfo'])('are on %s', async (path) => {
    const response = await get(path);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // HSTS goes out only over https (test/integration/security/sessions.test.ts); this site is plain http.
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBeTruthy();
  });
});

describe('for crawlers', () => {
  it('lists public pages, every resource by slug and every docs page in sitemap.xml', async () => {
    const response = await get('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
    expect(locs).toEqual(expect.arrayContaining(['/', '/obsidian-ai-plugin', '/resources', '/resources/lifetime-license', '/status']));
    expect(locs.filter((path) => path.startsWith('/resources/'))).toHaveLength(18);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('points robots.txt at the sitemap and keeps private pages crawlable so their noindex is seen', async () => {
    const text = await (await get('/robots.txt')).text();
    expect(text).toContain('Sitemap: http://localhost:3000/sitemap.xml');
    expect(text).toContain('Disallow: /_serverFn/');
    expect(text).not.toContain('Disallow: /dashboard');
  });

  it.each(['/dashboard', '/checkout?resourceId=x', '/manage-email?token=t'])('marks %s noindex in its headers', async (path) => {
    expect((await get(path)).headers.get('x-robots-tag')).toBe('noindex, nofollow');
  });

  it('leaves public pages indexable', async () => {
    expect((await get('/')).headers.get('x-robots-tag')).toBeNull();
  });
});

describe('analytics without a measurement id', () => {
  it('ships no analytics script and keeps analytics hosts out of the CSP', async () => {
    const response = await get('/');
    expect(response.headers.get('content-security-policy')).not.toContain('googletagmanager');
    expect(await response.text()).not.toContain('googletagmanager');
  });
});

describe('search params the page refuses', () => {
  it.each(['/resources?category=videos', `/resources?q=${'x'.repeat(121)}`, '/resources?price=cheap'])('answer %s with 400 and the way back', async (path) => {
    const response = await get(path);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain('Show all resources');
  });
});
