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
    expect(response.headers.get('strict-transport-security')).toContain('max-age=');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBeTruthy();
  });
});
