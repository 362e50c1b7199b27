import { getSiteInfo } from '../../../contracts/site/site.contract';
import { envelopeSchema } from '../../../contracts/server-fn';
import { ProbeModule } from '../../support/probe-functions';
import { startTestApi, type TestApi } from '../../support/test-api';

let api: TestApi;

beforeAll(async () => {
  api = await startTestApi({ extraModules: [ProbeModule] });
});
afterAll(() => api.close());

const get = (id: string, query = '') => fetch(`${api.url}/_serverFn/${id}${query}`);
const post = (id: string, body: BodyInit, headers: Record<string, string> = {}) =>
  fetch(`${api.url}/_serverFn/${id}`, { method: 'POST', body, headers, redirect: 'manual' });

describe('GET with ?payload=', () => {
  it('answers a result envelope that satisfies the contract', async () => {
    const response = await get('getSiteInfo', `?payload=${encodeURIComponent('{}')}`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { result: unknown };
    expect(getSiteInfo.output.parse(body.result)).toMatchObject({ pluginName: 'SystemSculpt AI' });
  });

  it('treats a missing payload as an empty object', async () => {
    expect((await get('getSiteInfo')).status).toBe(200);
  });

  it('answers 400 VALIDATION_FAILED for malformed JSON', async () => {
    const response = await get('getSiteInfo', '?payload=%7Bbad');
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { code: string; issues: { path: unknown[] }[] } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues[0]!.path).toEqual(['payload']);
  });

  it('answers 400 with zod issues for input the contract refuses', async () => {
    const response = await get('getSiteInfo', `?payload=${encodeURIComponent('{"surprise":1}')}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { issues: { code: string }[] } };
    expect(body.error.issues[0]!.code).toBe('unrecognized_keys');
  });

  it('answers 400 naming the field for a NUL or a lone surrogate, in a query payload or a body, before any function runs', async () => {
    const nul = await get('getResource', `?payload=${encodeURIComponent(JSON.stringify({ resourceId: 'a\u0000b' }))}`);
    expect(nul.status).toBe(400);
    const body = (await nul.json()) as { error: { code: string; issues: { path: unknown[] }[] } };
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(body.error.issues[0]!.path).toEqual(['resourceId']);

    const surrogate = await post('initiateCheckout', JSON.stringify({ resourceId: 'x\ud800', quantity: 1 }), { 'content-type': 'application/json' });
    expect(surrogate.status).toBe(400);
    const form = await post('initiateCheckout', new URLSearchParams({ resourceId: 'a\u0000', quantity: '1' }), { accept: 'application/json' });
    expect(form.status).toBe(400);
  });

  it('answers 404 NOT_FOUND for an unknown id', async () => {
    const response = await get('noSuchFunction');
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it('answers 405 with Allow when the method is wrong', async () => {
    const response = await post('getSiteInfo', '{}', { 'content-type': 'application/json' });
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toContain('GET');
  });
});

describe('POST bodies', () => {
  it('accepts JSON', async () => {
    const response = await post('probeOrder', JSON.stringify({ resourceId: ' pro-monthly ', quantity: 3 }), {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: { resourceId: 'pro-monthly', quantity: 3 } });
  });

  it('accepts an urlencoded form, coercing through the contract', async () => {
    const response = await post('probeOrder', new URLSearchParams({ resourceId: 'lifetime', quantity: '2' }), {
      accept: 'application/json',
    });
    expect(await response.json()).toEqual({ result: { resourceId: 'lifetime', quantity: 2 } });
  });

  it('accepts multipart form data', async () => {
    const form = new FormData();
    form.set('resourceId', 'starter-monthly');
    form.set('quantity', '50');
    const response = await post('probeOrder', form, { accept: 'application/json' });
    expect(await response.json()).toEqual({ result: { resourceId: 'starter-monthly', quantity: 50 } });
  });

  it('answers 400 with every zod issue for wrong types', async () => {
    const response = await post('probeOrder', JSON.stringify({ resourceId: 7, quantity: 51 }), {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { issues: { path: string[] }[] } };
    expect(body.error.issues.map((i) => i.path.join('.')).sort()).toEqual(['quantity', 'resourceId']);
  });

  it('answers 400 for a malformed JSON body', async () => {
    const response = await post('probeOrder', '{"resourceId":', { 'content-type': 'application/json' });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('VALIDATION_FAILED');
  });

  it('answers 413 for a body over the limit', async () => {
    const response = await post('probeOrder', JSON.stringify({ resourceId: 'x'.repeat(200_000), quantity: 1 }), {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(413);
  });

  it('answers 415 for a body type it does not read', async () => {
    const response = await post('probeOrder', '<order/>', { 'content-type': 'application/xml' });
    expect(response.status).toBe(415);
  });
});

describe('redirects and failures', () => {
  it('answers a redirect envelope to a script', async () => {
    const response = await post('probeRedirect', JSON.stringify({ to: '/checkout' }), {
      'content-type': 'application/json',
    });
    expect(response.status).toBe(200);
    const body = envelopeSchema.parse(await response.json());
    expect(body).toEqual({
      redirect: { statusCode: 303, href: '/checkout?status=success#done', to: '/checkout', search: { status: 'success' }, hash: 'done' },
    });
  });

  it('answers a real 303 to a plain form post', async () => {
    const response = await post('probeRedirect', new URLSearchParams({ to: '/checkout' }), { accept: 'text/html' });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/checkout?status=success#done');
  });

  it('maps a typed conflict to 409 CONFLICT', async () => {
    const response = await get('probeConflict');
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('CONFLICT');
  });

  it('answers 500 INTERNAL without leaking the error', async () => {
    const response = await get('probeCrash');
    expect(response.status).toBe(500);
    const text = await response.text();
    expect(text).not.toContain('hunter2');
    expect(JSON.parse(text)).toEqual({ error: { code: 'INTERNAL', message: expect.any(String) } });
  });
});

describe('request ids and headers', () => {
  it('echoes a well-formed x-request-id and makes one otherwise', async () => {
    const given = await fetch(`${api.url}/_serverFn/getSiteInfo`, { headers: { 'x-request-id': 'trace-12345678' } });
    expect(given.headers.get('x-request-id')).toBe('trace-12345678');
    const made = await fetch(`${api.url}/_serverFn/getSiteInfo`, { headers: { 'x-request-id': 'bad id!' } });
    expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('sends the security headers', async () => {
    const response = await get('getSiteInfo');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    // HSTS goes out only over https (test/integration/security/sessions.test.ts); this site is plain http.
    expect(response.headers.get('strict-transport-security')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});
