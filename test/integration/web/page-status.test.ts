import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { SharedPages } from '../../../backend/src/platform/web/shared-pages/shared-pages';
import { ServerFnInvoker } from '../../../backend/src/server-fn/server-fn.invoker';
import { adminSession, signUpOverHttp } from '../../support/site-client';
import { uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';

const ROOT = join(__dirname, '..', '..', '..');
const ADMIN_TOKEN = 'admin-token-for-page-status-0123';
const QUEUE_PREFIX = uniqueQueuePrefix('page-status');
/** A course of the library (the build publishes it at start), for lesson addresses. */
const COURSE = 'mastering-the-chat-workspace';

/** Every page the router knows, from its generated tree: a new route is walked without touching this test. */
function routePaths(): string[] {
  const tree = readFileSync(join(ROOT, 'frontend', 'src', 'routeTree.gen.ts'), 'utf8');
  const block = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(tree)?.[1] ?? '';
  return [...block.matchAll(/'([^']+)':/g)].map((match) => match[1]!);
}

/** Every search parameter a page reads (the keys of each searchReader in the routes folder), and the spec's own. */
function searchKeys(): string[] {
  const keys = new Set(['q', 'category', 'price', 'status', 'section', 'resourceId', 'qty', 'token', 'email']);
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) =>
      statSync(join(dir, name)).isDirectory() ? walk(join(dir, name)) : name.endsWith('.ts') || name.endsWith('.tsx') ? [join(dir, name)] : [],
    );
  for (const file of walk(join(ROOT, 'frontend', 'src', 'routes'))) {
    for (const reader of readFileSync(file, 'utf8').matchAll(/searchReader\(\{([\s\S]*?)\}\);/g)) {
      for (const key of reader[1]!.matchAll(/(?:^|[{,\s])(\w+):/g)) keys.add(key[1]!);
    }
  }
  return [...keys];
}

const HOSTILE = { nul: '%00', long: 'a'.repeat(1_000), escape: '%E0%A4%A', padded: '%20x%20', dots: '..%2F..%2Fetc' };

/** Parameters every link may carry (campaigns, click ids) that no page takes. */
const UNKNOWN = '?utm_source=x&utm_medium=email&fbclid=1';

/** The addresses of one route: its params filled in hostile ways (and one plain way), each with searches full of hostile values. */
function addressesOf(path: string, keys: string[]): Array<{ base: string; hostile: string[] }> {
  const withParams = (value: string) => path.replace(/\$resourceId/g, value === 'x' ? COURSE : value).replace(/\$\w+/g, value);
  const bases = path.includes('$') ? Object.values(HOSTILE).map(withParams).concat(withParams('x')) : [path];
  const searches = [
    ...Object.values(HOSTILE).map((value) => `?${keys.map((key) => `${key}=${value}`).join('&')}`),
    `?${keys.map((key) => `${key}=1&${key}=2`).join('&')}`,
  ];
  return bases.map((base) => ({ base, hostile: searches.map((search) => `${base}${search}`) }));
}

interface Visit {
  status: number;
  location: string | null;
  html: string;
  calls: string[];
}

let api: TestApi;
let invoke: jest.SpyInstance;
let customer: string;
let admin: string;

beforeAll(async () => {
  api = await startTestApi({ env: { QUEUE_PREFIX, ADMIN_TOKEN } });
  invoke = jest.spyOn(api.app.get(ServerFnInvoker), 'invoke');
  customer = await signUpOverHttp({ url: api.url, queuePrefix: QUEUE_PREFIX }, `page-status-${Date.now()}@example.com`);
  admin = await adminSession(api.url, ADMIN_TOKEN);
});
afterAll(() => api.close());

/** One page as a browser asks for it, with every server function the render called (id and input). */
async function visit(address: string, cookie?: string): Promise<Visit> {
  api.app.get(SharedPages).invalidate();
  invoke.mockClear();
  const response = await fetch(`${api.url}${address}`, { redirect: 'manual', headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
  const html = await response.text();
  const calls = invoke.mock.calls.map(([id, , input]) => `${String(id)} ${JSON.stringify(input)}`);
  return { status: response.status, location: response.headers.get('location'), html, calls };
}

/** What the site's shell asks for on every page, whatever the route. */
const SHELL_CALLS = /^(getSiteInfo|getViewer) /;

const heading = (html: string) => /<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]?.replace(/&#x27;/g, "'");

describe('every route, walked with hostile paths and searches', () => {
  const identities = { 'signed out': () => undefined, 'signed in': () => customer, admin: () => admin };

  it.each(Object.keys(identities) as (keyof typeof identities)[])(
    '%s: no address answers 5xx, unknown parameters change nothing, and no server function is called twice for one page',
    async (who) => {
      const keys = searchKeys();
      const paths = routePaths();
      expect(paths).toEqual(expect.arrayContaining(['/', '/admin/audit', '/invite/$token', '/learn/$resourceId/$lessonSlug']));
      const failures: string[] = [];
      let visited = 0;
      const check = async (address: string): Promise<number> => {
        visited += 1;
        const { status, calls } = await visit(address, identities[who]());
        if (status >= 500) failures.push(`${status} ${address.slice(0, 160)}`);
        const repeated = calls.filter((call, index) => calls.indexOf(call) !== index);
        if (repeated.length > 0) failures.push(`asked twice (a retry): ${repeated[0]!.slice(0, 120)} for ${address.slice(0, 120)}`);
        return status;
      };
      for (const path of paths) {
        for (const { base, hostile } of addressesOf(path, keys)) {
          const plain = await check(base);
          // Parameters no page takes change nothing: the same status as the address without them.
          const withUnknown = await check(`${base}${UNKNOWN}`);
          if (withUnknown !== plain) failures.push(`${withUnknown} with unknown parameters, ${plain} without: ${base.slice(0, 120)}`);
          for (const address of hostile) await check(address);
        }
      }
      expect(failures).toEqual([]);
      expect(visited).toBeGreaterThan(paths.length * 8);
    },
  );
});

describe('pages whose data call is refused answer with its status and its page', () => {
  it('/admin/audit?utm_source=x renders the audit log for an admin and the sign-in for others', async () => {
    const asAdmin = await visit('/admin/audit?utm_source=x', admin);
    expect(asAdmin.status).toBe(200);
    expect(heading(asAdmin.html)).toBe('Audit log');
    expect(asAdmin.calls.filter((call) => call.startsWith('getSupportAudit '))).toEqual(['getSupportAudit {"limit":50}']);
    for (const cookie of [undefined, customer]) {
      const other = await visit('/admin/audit?utm_source=x', cookie);
      expect(other.status).toBe(200);
      expect(heading(other.html)).toBe('Administration');
      expect(other.html).toContain('action="/admin/session"');
    }
  });

  it.each([
    ['signed out', () => undefined],
    ['signed in', () => customer],
  ])('/checkout?resourceId=%00 (%s) is a 400 with the page for a search it cannot run, after one call', async (_who, cookie) => {
    const page = await visit('/checkout?resourceId=%00', cookie());
    expect(page.status).toBe(400);
    expect(heading(page.html)).toBe("We can't run this search");
    expect(page.html).toContain('href="/checkout"');
    expect(page.calls.filter((call) => !SHELL_CALLS.test(call))).toEqual(['checkCheckoutAccess {"resourceId":"\\u0000"}']);
  });

  it('/invite/%00 is the not-found page, after exactly one call', async () => {
    const page = await visit('/invite/%00');
    expect(page.status).toBe(404);
    expect(heading(page.html)).toBe('Page Not Found');
    expect(page.calls.filter((call) => !SHELL_CALLS.test(call))).toEqual(['getSeatInvitation {"token":"\\u0000"}']);
  });

  it.each([
    ['an unknown slug', 'no-such-lesson'],
    ['a NUL', '%00'],
    ['an over-long slug', 'a'.repeat(300)],
  ])('a signed-out visitor on a lesson address with %s is sent to sign in', async (_what, slug) => {
    const page = await visit(`/learn/${COURSE}/${slug}`);
    expect(page.status).toBe(307);
    expect(page.location).toMatch(/^\/\?sign_in=open&redirect_url=%2Flearn%2F/);
  });

  it('a path value a lookup refuses is the not-found page, signed in too', async () => {
    for (const address of ['/library/%00', '/admin/customers/%00', `/learn/${COURSE}/%00`]) {
      const page = await visit(address, address.startsWith('/admin') ? admin : customer);
      expect([address, page.status, heading(page.html)]).toEqual([address, 404, 'Page Not Found']);
    }
  });
});

describe('a resource address that is not its slug', () => {
  it.each(['%20lifetime-license%20', 'LIFETIME-LICENSE', 'Lifetime-License'])('/resources/%s moves permanently to the slug', async (id) => {
    const page = await visit(`/resources/${id}`);
    expect(page.status).toBe(301);
    expect(page.location).toBe('/resources/lifetime-license');
  });
});

describe('answers that are not pages', () => {
  it.each(['PUT', 'POST', 'DELETE', 'PATCH'])('%s on a built asset is a 405 with the error envelope', async (method) => {
    const response = await fetch(`${api.url}/assets/index.js`, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    expect(await response.json()).toEqual({ error: { code: 'METHOD_NOT_ALLOWED', message: expect.stringContaining(method) } });
  });

  it('every 4xx for an odd method or address carries the error envelope', async () => {
    const asked: Array<[string, string]> = [];
    for (const method of ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS']) {
      for (const path of [
        '/assets/no-such.js',
        '/assets/%',
        '/assets/..%2f..%2fpackage.json',
        '/favicon.ico',
        '/',
        '/resources',
        '/_serverFn/getResource',
        '/api/nothing',
      ]) {
        asked.push([method, path]);
      }
    }
    const bare: string[] = [];
    for (const [method, path] of asked) {
      const response = await fetch(`${api.url}${path}`, { method, redirect: 'manual' });
      if (response.status < 400) continue;
      const body = await response.text();
      let envelope: { error?: { code?: unknown; message?: unknown } } | undefined;
      try {
        envelope = JSON.parse(body) as typeof envelope;
      } catch {
        envelope = undefined;
      }
      const html = (response.headers.get('content-type') ?? '').startsWith('text/html');
      if (!html && !(typeof envelope?.error?.code === 'string' && typeof envelope.error.message === 'string'))
        bare.push(`${method} ${path} ${response.status}`);
    }
    expect(bare).toEqual([]);
  });
});
