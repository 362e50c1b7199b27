import { Client } from 'pg';
import { SharedPages } from '../../../backend/src/platform/web/shared-pages/shared-pages';
import { SsrRenderer } from '../../../backend/src/platform/web/ssr-renderer';
import { createPreparedTestDatabase } from '../../support/prepared-database';
import { eventually, signUpOverHttp } from '../../support/site-client';
import { dropTestDatabase, uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';

const QUEUE_PREFIX = uniqueQueuePrefix('shared-pages');

/** The nonce the response's CSP header allows, and every nonce its HTML carries (attributes and the router's meta tag). */
async function fetchPage(base: string, path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${base}${path}`, { headers });
  const html = await response.text();
  const allowed = /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
  const inBody = [...html.matchAll(/(?:nonce|<meta property="csp-nonce" content)="([^"]*)"/g)].map((match) => match[1]);
  return { response, html, allowed, inBody };
}

describe('signed-out pages rendered once for everyone', () => {
  let api: TestApi;
  let renders: jest.SpyInstance;
  beforeAll(async () => {
    api = await startTestApi({ env: { QUEUE_PREFIX } });
    renders = jest.spyOn(api.app.get(SsrRenderer), 'render');
  });
  afterAll(() => api.close());
  beforeEach(() => {
    api.app.get(SharedPages).invalidate();
    renders.mockClear();
  });

  it('serves every visit after the first from one render, each with a fresh nonce that its CSP header allows', async () => {
    const pages = [];
    const asked: Array<Record<string, string>> = [{}, {}, { 'accept-encoding': 'identity' }, { 'accept-encoding': 'gzip' }];
    for (const headers of asked) pages.push(await fetchPage(api.url, '/', headers));
    expect(renders).toHaveBeenCalledTimes(1);
    const nonces = pages.map((page) => page.allowed);
    expect(new Set(nonces).size).toBe(pages.length);
    for (const page of pages) {
      expect(page.response.status).toBe(200);
      expect(page.inBody.length).toBeGreaterThan(2);
      expect(new Set(page.inBody)).toEqual(new Set([page.allowed]));
      expect(page.html).toBe(pages[0]!.html.replaceAll(pages[0]!.allowed!, page.allowed!));
    }
    expect(pages[1]!.response.headers.get('content-encoding')).toBe('gzip');
    expect(pages[2]!.response.headers.get('content-encoding')).toBeNull();
    expect(pages[1]!.response.headers.get('cache-control')).toBe('no-cache');
    expect(pages[1]!.response.headers.get('vary')).toMatch(/Accept-Encoding.*Cookie/);
  });

  it('answers HEAD from the same copy, without a body', async () => {
    await fetchPage(api.url, '/terms');
    const head = await fetch(`${api.url}/terms`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    expect(renders).toHaveBeenCalledTimes(1);
  });

  it('renders a signed-in visitor’s page for them on every visit, and never shares it', async () => {
    const cookie = await signUpOverHttp({ url: api.url, queuePrefix: QUEUE_PREFIX }, 'shared-pages@example.com');
    await fetchPage(api.url, '/');
    renders.mockClear();
    const first = await fetchPage(api.url, '/', { cookie });
    const second = await fetchPage(api.url, '/', { cookie });
    expect(renders).toHaveBeenCalledTimes(2);
    for (const page of [first, second]) {
      expect(page.html).toContain('shared-pages@example.com');
      expect(page.response.headers.get('cache-control')).toBe('private, no-store');
      expect(new Set(page.inBody)).toEqual(new Set([page.allowed]));
    }
    const signedOut = await fetchPage(api.url, '/');
    expect(signedOut.html).not.toContain('shared-pages@example.com');
    expect(renders).toHaveBeenCalledTimes(2);
  });

  it('keeps one copy per listed filter value, and renders per visit any other query', async () => {
    await fetchPage(api.url, '/resources?category=course');
    await fetchPage(api.url, '/resources?category=course&utm_source=newsletter');
    expect(renders).toHaveBeenCalledTimes(1);
    for (const path of ['/resources?category=course&x=1', '/resources?category=course&x=2', '/resources?q=notes', '/resources?q=notes']) {
      expect((await fetchPage(api.url, path)).response.status).toBe(200);
    }
    expect(renders).toHaveBeenCalledTimes(5);
  });

  it('keeps only 200s: a missing page renders on every visit', async () => {
    for (let i = 0; i < 2; i += 1) {
      const page = await fetchPage(api.url, '/resources/no-such-resource');
      expect(page.response.status).toBe(404);
      expect(new Set(page.inBody)).toEqual(new Set([page.allowed]));
    }
    expect(renders).toHaveBeenCalledTimes(2);
    expect(api.app.get(SharedPages).size).toBe(0);
  });

  it('renders per visit the pages that are live or carry a form token', async () => {
    for (const path of ['/contact', '/contact', '/status', '/status']) expect((await fetchPage(api.url, path)).response.status).toBe(200);
    expect(renders).toHaveBeenCalledTimes(4);
  });
});

describe('a catalog change', () => {
  let databaseUrl: string;
  let api: TestApi;
  beforeAll(async () => {
    // Its own database: the test edits the catalog, which every other suite reads.
    databaseUrl = await createPreparedTestDatabase('shared-pages-catalog');
    api = await startTestApi({ env: { QUEUE_PREFIX, DATABASE_URL: databaseUrl } });
  });
  afterAll(async () => {
    await api.close();
    await dropTestDatabase(databaseUrl);
  });

  it('shows on the first view after Postgres’s notification of it reaches the api, in every page that shows the catalog', async () => {
    const pages = ['/resources', '/resources/starter-monthly', '/'];
    const shared = api.app.get(SharedPages);
    await eventually(
      async () => {
        for (const path of pages) await fetchPage(api.url, path);
        return shared.size;
      },
      (size) => size === pages.length,
    );
    for (const path of pages) expect((await fetchPage(api.url, path)).html).toContain('Managed AI in Obsidian for personal vaults');

    const client = new Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      await client.query(`update resources set description = 'Renamed in a test, seen at once.' where id = 'starter-monthly'`);
    } finally {
      await client.end();
    }
    // The change reaches this process as Postgres's notification; the next view of each page renders anew.
    await eventually(
      async () => shared.size,
      (size) => size === 0,
      5_000,
    );
    for (const path of pages) expect((await fetchPage(api.url, path)).html).toContain('Renamed in a test, seen at once.');
  });
});
