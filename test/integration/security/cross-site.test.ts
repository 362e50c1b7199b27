import { serverFnContracts } from '../../../contracts';
import { startTestApi, type TestApi } from '../../support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const stateChanging = serverFnContracts.filter((contract) => contract.method === 'POST');
const crossSite: Array<{ name: string; headers: Record<string, string> }> = [
  { name: 'Origin of another site', headers: { origin: 'https://evil.example' } },
  { name: 'Sec-Fetch-Site cross-site', headers: { 'sec-fetch-site': 'cross-site' } },
  { name: 'Origin null (a sandboxed or file page)', headers: { origin: 'null' } },
  // PUBLIC_URL is http://localhost:3000: the same host over https is another origin.
  { name: "Origin of this site's host over https while it runs on http", headers: { origin: 'https://localhost:3000' } },
];

describe('a state-changing request another site makes a browser send', () => {
  it('covers every POST server function in the registry', () => {
    expect(stateChanging.length).toBeGreaterThan(20);
  });

  describe.each(crossSite)('with $name', ({ headers }) => {
    it.each(stateChanging.map((c) => c.id))('%s answers 403 CROSS_SITE, as JSON or as a form', async (id) => {
      for (const [contentType, body] of [
        ['application/json', '{}'],
        ['application/x-www-form-urlencoded', 'a=1'],
      ] as const) {
        const response = await fetch(`${api.url}/_serverFn/${id}`, {
          method: 'POST',
          body,
          headers: { 'content-type': contentType, accept: 'application/json', ...headers },
          redirect: 'manual',
        });
        expect(response.status).toBe(403);
        expect(((await response.json()) as { error: { code: string } }).error.code).toBe('CROSS_SITE');
      }
    });
  });

  it('lets the same site through (the refusal is not a blanket one)', async () => {
    const response = await fetch(`${api.url}/_serverFn/initiateCheckout`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json', origin: api.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).not.toBe(403);
  });

  describe('judged by scheme, host and port together', () => {
    const post = (headers: Record<string, string>) =>
      fetch(`${api.url}/_serverFn/initiateCheckout`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json', ...headers } });
    /** The api's own address, known once it listens. */
    const own = () => new URL(api.url);

    it("refuses the api's own host and port under https when the request came over http, with the envelope", async () => {
      for (const origin of [`https://${own().host}`, 'https://localhost:3000', `http://${own().hostname}:${Number(own().port) + 1}`]) {
        const response = await post({ origin });
        expect({ origin, status: response.status }).toEqual({ origin, status: 403 });
        expect(await response.json()).toEqual({ error: { code: 'CROSS_SITE', message: expect.any(String) } });
      }
    });

    it("lets the public URL and the request's own origin through", async () => {
      for (const origin of ['http://localhost:3000', `http://${own().host}`]) expect((await post({ origin })).status).not.toBe(403);
    });

    it('takes https from X-Forwarded-Proto of a trusted proxy only', async () => {
      expect((await post({ origin: `https://${own().host}`, 'x-forwarded-proto': 'https' })).status).not.toBe(403);
      const untrusting = await startTestApi({ env: { TRUST_PROXY: '' } });
      try {
        const response = await fetch(`${untrusting.url}/_serverFn/initiateCheckout`, {
          method: 'POST',
          body: '{}',
          headers: { 'content-type': 'application/json', origin: `https://${new URL(untrusting.url).host}`, 'x-forwarded-proto': 'https' },
        });
        expect(response.status).toBe(403);
      } finally {
        await untrusting.close();
      }
    });
  });

  it('refuses the admin sign-in and sign-out forms from another site', async () => {
    for (const [path, origin] of [
      ['/admin/session', 'https://evil.example'],
      ['/admin/session/end', 'https://evil.example'],
      ['/admin/session', 'https://localhost:3000'],
    ] as const) {
      const response = await fetch(`${api.url}${path}`, {
        method: 'POST',
        body: 'token=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin },
        redirect: 'manual',
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('CROSS_SITE');
    }
  });
});
