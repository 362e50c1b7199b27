import { startTestApi, type TestApi } from '../../support/test-api';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi();
});
afterAll(() => api.close());

const auth = { authorization: 'Bearer sk_test_hostile' };
const stripeApi = (path: string, init: RequestInit = {}) =>
  fetch(`${api.url}${path}`, { ...init, headers: { ...auth, ...(init.headers as Record<string, string> | undefined) } });
const form = (body: string): RequestInit => ({ method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });

interface StripeErrorBody {
  error: { type: string; code?: string; message: string; param?: string };
}

describe('the Stripe emulator given names every object inherits, or text Postgres cannot hold', () => {
  it.each(['__proto__', 'constructor', 'toString', 'hasOwnProperty'])(
    'GET /v1/%s/<id> is an unrecognised URL (404), not a prototype lookup',
    async (resource) => {
      const response = await stripeApi(`/v1/${resource}/x`);
      expect(response.status).toBe(404);
      expect(((await response.json()) as StripeErrorBody).error.type).toBe('invalid_request_error');
    },
  );

  it.each(['/v1/customers/', '/v1/prices/', '/v1/checkout/sessions/', '/v1/subscriptions/', '/v1/invoices/'])(
    'GET %s<id> with __proto__, constructor or a NUL is resource_missing (404)',
    async (path) => {
      for (const id of ['__proto__', 'constructor', '%00', 'cus_%00x']) {
        const response = await stripeApi(`${path}${id}`);
        expect({ id, status: response.status }).toEqual({ id, status: 404 });
        expect(((await response.json()) as StripeErrorBody).error.code).toBe('resource_missing');
      }
    },
  );

  it('updates nothing for an id holding a NUL: resource_missing (404)', async () => {
    const response = await stripeApi('/v1/prices/price_%00', form('nickname=x'));
    expect(response.status).toBe(404);
    expect(((await response.json()) as StripeErrorBody).error.code).toBe('resource_missing');
  });

  it('refuses parameters holding a NUL with a 400 naming the parameter, creating nothing', async () => {
    const response = await stripeApi('/v1/customers', form('name=a%00b&email=x%40example.com'));
    expect(response.status).toBe(400);
    expect(((await response.json()) as StripeErrorBody).error).toMatchObject({ type: 'invalid_request_error', param: 'name' });
  });

  it('lists no price for a lookup key holding a NUL, and refuses a query parameter named __proto__', async () => {
    const empty = await stripeApi('/v1/prices?lookup_keys[]=%00');
    expect(empty.status).toBe(200);
    expect(((await empty.json()) as { data: unknown[] }).data).toEqual([]);
    for (const query of ['__proto__[]=x', '__proto__[polluted]=1', 'constructor=x']) {
      const response = await stripeApi(`/v1/prices?${query}`);
      expect({ query, status: response.status }).toEqual({ query, status: 400 });
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    }
  });

  it('answers the hosted pages for such ids with their 404 page', async () => {
    for (const path of [
      '/_stripe/checkout/%00',
      '/_stripe/checkout/__proto__',
      '/_stripe/invoice/%00',
      '/_stripe/billing/%00',
      '/_stripe/billing/constructor',
    ]) {
      const response = await fetch(`${api.url}${path}`);
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });

  it('answers a portal choice or a dev trigger named after an inherited property with 404', async () => {
    const choice = await fetch(`${api.url}/_stripe/billing/bps_x/subscriptions/sub_x/__proto__`, { method: 'POST', redirect: 'manual' });
    expect(choice.status).toBe(404);
    for (const path of [
      '/_stripe/dev/__proto__/x/constructor',
      '/_stripe/dev/subscriptions/x/__proto__',
      '/_stripe/dev/constructor/x/name',
      '/_stripe/dev/subscriptions/%00/renew',
    ]) {
      const response = await fetch(`${api.url}${path}`, { method: 'POST', headers: { accept: 'application/json' }, redirect: 'manual' });
      expect({ path, status: response.status }).toEqual({ path, status: 404 });
    }
  });
});
