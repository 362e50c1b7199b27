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

  it('refuses the admin sign-in and sign-out forms from another site', async () => {
    for (const path of ['/admin/session', '/admin/session/end']) {
      const response = await fetch(`${api.url}${path}`, {
        method: 'POST',
        body: 'token=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
        redirect: 'manual',
      });
      expect(response.status).toBe(403);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('CROSS_SITE');
    }
  });
});
