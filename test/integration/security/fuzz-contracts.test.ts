import type { Pool } from 'pg';
import Stripe from 'stripe';
import type { z } from 'zod';
import { serverFnContracts, type ServerFnContract } from '../../../contracts';
import { signUpOverHttp } from '../../support/site-client';
import { startTestApi, type TestApi } from '../../support/test-api';
import { createPreparedTestDatabase } from '../../support/prepared-database';
import { dropTestDatabase, uniqueQueuePrefix } from '../../support/test-database';
import { testPool } from '../../support/test-events';

let databaseUrl: string;
let api: TestApi;
let pool: Pool;
let member: string;
const WEBHOOK_SECRET = 'whsec_fuzzed_contracts';
beforeAll(async () => {
  // A queue prefix (and so rate-limit buckets) of its own: its thousands of calls from one address must not use up other files' budgets.
  // And a database of its own: "nothing appended" reads the whole event log, which other files append to.
  databaseUrl = await createPreparedTestDatabase('fuzz');
  api = await startTestApi({ env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, QUEUE_PREFIX: uniqueQueuePrefix('fuzz'), DATABASE_URL: databaseUrl } });
  pool = testPool(2, databaseUrl);
  member = await signUpOverHttp({ url: api.url, queuePrefix: api.config.QUEUE_PREFIX }, 'fuzzed-member@example.com', 'Fuzzed Member');
});
afterAll(async () => {
  await pool.end();
  await api.close();
  await dropTestDatabase(databaseUrl);
});

/** Values no field should turn into a 5xx: text Postgres refuses, text longer than fields take, keys that reach prototypes, wrong types. */
const hostileValues: Array<[string, unknown]> = [
  ['a NUL', 'a\u0000b'],
  ['a lone surrogate', 'x\ud800y'],
  ['121 characters', 'x'.repeat(121)],
  ['100 KB of text', 'x'.repeat(100 * 1024)],
  ['5,000 characters', 'x'.repeat(5_000)],
  ['the text __proto__', '__proto__'],
  ['the text constructor', 'constructor'],
  ['a path out of its folder', '../../../etc/passwd'],
  ['SQL', "x'; drop table events; --"],
  ['a __proto__ key', JSON.parse('{"__proto__":{"polluted":true}}') as unknown],
  ['a constructor key', { constructor: { prototype: { polluted: true } } }],
  ['a number', 42],
  ['an array', ['x', 1]],
  ['an object', { x: 'y' }],
  ['null', null],
];

/**
 * Valid input for contracts with several required fields, so a hostile value in one field is
 * judged by the handler, not refused for the fields beside it being absent.
 */
const validInput: Partial<Record<string, Record<string, unknown>>> = {
  localSignUpCreate: { emailAddress: 'fuzzed-newcomer@example.com', firstName: 'Fuzz', legalAccepted: true },
  localSignInAttemptFirstFactor: { attemptId: 'sia_abcdefgh1234', code: '123456' },
  localSignUpAttemptVerification: { attemptId: 'sua_abcdefgh1234', code: '123456' },
  bookSession: { sessionTypeId: 'intro-call', hostUserId: 'user_host', start: '2031-01-06T10:00:00.000Z', timeZone: 'Europe/Berlin' },
  rescheduleSession: { bookingId: 'bkg_x', start: '2031-01-06T10:00:00.000Z' },
  initiateCheckout: { resourceId: 'meeting-notes-system', quantity: 1 },
  getPlanChange: { resourceId: 'pro-monthly', quantity: 1 },
  changePlan: { resourceId: 'pro-monthly', quantity: 1, prorationDate: 1 },
  submitContactMessage: { name: 'Fuzz', email: 'fuzz@example.com', topic: 'general', message: 'A message long enough to be sent.', csrfToken: 'token' },
  assignSeat: { licenseId: 'lic_x', email: 'seat@example.com' },
  removeSeat: { licenseId: 'lic_x', email: 'seat@example.com' },
  releaseLicenseDevice: { licenseId: 'lic_x', deviceHash: 'a'.repeat(64) },
  updateEmailPreferences: { email: 'fuzz@example.com', token: 'token', change: { type: 'unsubscribe-all' } },
  getLesson: { resourceId: 'from-audio-to-notes', lessonSlug: '01-recording-well' },
  completeLesson: { resourceId: 'from-audio-to-notes', lessonSlug: '01-recording-well' },
  createDownloadLink: { resourceId: 'meeting-notes-system', fileName: 'meeting-notes-system.zip' },
};

/** The top-level fields of a contract's input, through defaults, optionals and pipes. */
function fieldsOf(schema: z.ZodType): string[] {
  const def = (schema as unknown as { _zod: { def: { type: string; shape?: Record<string, unknown>; innerType?: z.ZodType; in?: z.ZodType } } })._zod.def;
  if (def.type === 'object') return Object.keys(def.shape ?? {});
  const inner = def.innerType ?? def.in;
  return inner ? fieldsOf(inner) : [];
}

async function lastPosition(): Promise<string> {
  const { rows } = await pool.query<{ position: string | null }>('select max(position)::text as position from events');
  return rows[0]?.position ?? '0';
}

interface Call {
  contract: ServerFnContract;
  method: 'GET' | 'POST';
  payload: unknown;
  /** A POST as a plain HTML form sends it (fields as text) instead of JSON. */
  form?: boolean;
  cookie?: string;
}

async function call({ contract, method, payload, form, cookie }: Call): Promise<{ status: number; body: unknown; contentType: string }> {
  const json = JSON.stringify(payload);
  const url = `${api.url}/_serverFn/${contract.id}${method === 'GET' ? `?payload=${encodeURIComponent(json)}` : ''}`;
  const sent = method === 'GET' ? undefined : form ? new URLSearchParams(payload as Record<string, string>).toString() : json;
  const response = await fetch(url, {
    method,
    headers: {
      accept: 'application/json',
      origin: api.url,
      'sec-fetch-site': 'same-origin',
      ...(method === 'POST' ? { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' } : {}),
      ...(cookie ? { cookie } : {}),
    },
    body: sent,
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text) as unknown;
  } catch {
    // Not JSON: the assertion below names it.
  }
  return { status: response.status, body, contentType: response.headers.get('content-type') ?? '' };
}

const isErrorEnvelope = (body: unknown) => {
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  return typeof error?.code === 'string' && typeof error.message === 'string';
};
const isAnswerEnvelope = (body: unknown) => typeof body === 'object' && body !== null && ('result' in body || 'redirect' in body);

/** Every hostile call a contract gets: each value as the whole payload and in each top-level field (beside valid ones), on its own method; two on the other. */
function hostileCalls(contract: ServerFnContract): Array<{ label: string; method: 'GET' | 'POST'; payload: unknown; form?: boolean }> {
  const other = contract.method === 'GET' ? 'POST' : 'GET';
  const formText = hostileValues.filter(([, value]) => typeof value === 'string') as Array<[string, string]>;
  const formFields = contract.method === 'POST' ? fieldsOf(contract.input) : [];
  return [
    ...formFields.flatMap((field) =>
      formText.map(([name, value]) => ({ label: `${name} in ${field}, as a form`, method: 'POST' as const, form: true, payload: { [field]: value } })),
    ),
    ...(contract.method === 'POST'
      ? [{ label: 'a __proto__ field, as a form', method: 'POST' as const, form: true, payload: { ['__proto__']: 'x', constructor: 'y' } }]
      : []),
    ...hostileValues.map(([name, value]) => ({ label: `${name} as the payload`, method: contract.method, payload: value })),
    ...fieldsOf(contract.input).flatMap((field) =>
      hostileValues.map(([name, value]) => ({
        label: `${name} in ${field}`,
        method: contract.method,
        payload: { ...validInput[contract.id], [field]: value },
      })),
    ),
    { label: `${other}, the wrong method`, method: other, payload: {} },
    { label: `${other} with a NUL`, method: other, payload: { x: 'a\u0000b' } },
  ];
}

describe('every server-function contract, fed hostile input', () => {
  it('walks the whole registry', () => {
    expect(serverFnContracts.length).toBeGreaterThan(50);
    expect(fieldsOf(serverFnContracts.find((c) => c.id === 'getResource')!.input)).toEqual(['resourceId']);
  });

  describe.each([
    ['signed out', () => undefined],
    ['signed in as an ordinary member', () => member],
  ])('%s', (_who, cookie) => {
    it.each(serverFnContracts.map((contract) => [contract.id, contract] as const))(
      '%s answers 4xx with the error envelope (or a legitimate 2xx), never 5xx, and a refusal writes nothing',
      async (_id, contract) => {
        const wrong: string[] = [];
        for (const { label, method, payload, form } of hostileCalls(contract)) {
          const before = await lastPosition();
          const { status, body, contentType } = await call({ contract, method, payload, form, cookie: cookie() });
          const after = await lastPosition();
          const what = `${method} ${label}: ${status} ${JSON.stringify(body).slice(0, 160)}`;
          if (status >= 500) wrong.push(`5xx for ${what}`);
          else if (status >= 400 && !(contentType.startsWith('application/json') && isErrorEnvelope(body))) wrong.push(`no error envelope for ${what}`);
          else if (status < 400 && !isAnswerEnvelope(body)) wrong.push(`no answer envelope for ${what}`);
          if (status >= 400 && after !== before) wrong.push(`events appended (${before} → ${after}) by a refused ${what}`);
        }
        expect(wrong).toEqual([]);
        expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      },
    );
  });
});

/** Query strings no plugin endpoint or page should answer with a 5xx. */
const hostileQueries = [
  'q=%00',
  'q=%ED%A0%80',
  `q=${'x'.repeat(121)}`,
  `q=${'x'.repeat(5_000)}`,
  '__proto__=x',
  '__proto__[polluted]=1',
  'constructor[prototype][polluted]=1',
  'q=a&q=b',
  'q[a]=1',
  'q=%',
  'q=%E0%A4%A',
];
const pluginPaths = ['/api/plugin/license/validate', '/api/plugin/credits/balance'];

async function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: unknown; contentType: string }> {
  const response = await fetch(`${api.url}${path}`, { headers, redirect: 'manual' });
  const text = await response.text();
  const contentType = response.headers.get('content-type') ?? '';
  return { status: response.status, body: contentType.startsWith('application/json') ? (JSON.parse(text) as unknown) : text, contentType };
}

describe('the rest of what a stranger can reach', () => {
  it('answers the plugin API with hostile query strings, keyless or with a made-up key, 4xx as JSON and never 5xx, writing nothing', async () => {
    const wrong: string[] = [];
    for (const path of pluginPaths) {
      for (const query of hostileQueries) {
        for (const headers of [{}, { 'x-license-key': 'OBS-FUZZ-FUZZ-FUZZ' }] as Array<Record<string, string>>) {
          const before = await lastPosition();
          const { status, contentType } = await get(`${path}?${query}`, headers);
          const what = `${path}?${query.slice(0, 40)} ${JSON.stringify(headers)}: ${status}`;
          if (status < 400 || status >= 500 || !contentType.startsWith('application/json')) wrong.push(what);
          if ((await lastPosition()) !== before) wrong.push(`events appended by ${what}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('shows the 404 page for a NUL or worse in a page address, and the 400 page for such a search, never a 500', async () => {
    const expected: Array<[string, number]> = [
      ...['/resources/%00', '/resources/a%00b', '/resources/%ED%A0%80', `/resources/${'x'.repeat(121)}`, '/learn/%00', '/library/%00', '/%00'].map(
        (path): [string, number] => [path, 404],
      ),
      ['/resources?q=%00', 400],
      [`/resources?q=${'x'.repeat(121)}`, 400],
      ['/resources?q=a&q=b', 400],
    ];
    for (const [path, status] of expected) {
      const answer = await get(path, { accept: 'text/html' });
      expect({ path: path.slice(0, 60), status: answer.status, html: answer.contentType.startsWith('text/html') }).toEqual({
        path: path.slice(0, 60),
        status,
        html: true,
      });
    }
    const wrong: string[] = [];
    for (const query of hostileQueries) {
      const { status, contentType } = await get(`/resources?${query}`, { accept: 'text/html' });
      if (status >= 500 || !contentType.startsWith('text/html')) wrong.push(`/resources?${query.slice(0, 40)}: ${status} ${contentType}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers an unknown address under /api/, or GET on a POST-only one, with the JSON envelope, not the HTML page', async () => {
    for (const path of [
      '/api',
      '/api/',
      '/api/nope',
      '/api/plugin/nope?x=%00',
      '/api/plugin/license/validate/extra',
      '/api/internal/credits/debit',
      '/webhooks/stripe',
      '/webhooks/nope',
      '/_serverFn',
      '/_serverFn/a/b',
    ]) {
      const { status, body, contentType } = await get(path, { accept: 'text/html' });
      expect({ path, status, json: contentType.startsWith('application/json') }).toEqual({ path, status: 404, json: true });
      expect({ path, envelope: isErrorEnvelope(body) }).toEqual({ path, envelope: true });
    }
    const post = await fetch(`${api.url}/api/nope`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(post.status).toBe(404);
    expect(isErrorEnvelope(await post.json())).toBe(true);
  });

  it("answers an address over Node's header limit with 431 and the JSON envelope", async () => {
    for (const path of [
      `/api/plugin/license/validate?q=${'x'.repeat(100 * 1024)}`,
      `/resources?q=${'x'.repeat(100 * 1024)}`,
      `/_serverFn/getResource?payload=${'x'.repeat(100 * 1024)}`,
    ]) {
      const { status, body } = await get(path);
      expect(status).toBe(431);
      expect((body as { error: { code: string } }).error.code).toBe('HEADERS_TOO_LARGE');
    }
  });

  it('answers the Stripe webhook 400 for hostile bodies, signed or not, and 200 only for a real event', async () => {
    const signer = new Stripe('sk_test_signing_only');
    const event = {
      id: 'evt_fuzzed0000000000000001',
      object: 'event',
      type: 'customer.created',
      data: { object: { id: 'cus_\u0000', name: 'a\u0000\ud800', ['__proto__']: 'x' } },
    };
    const bodies = [
      'null',
      '{}',
      '[]',
      '"x"',
      '{"id":"evt_1"}',
      '{"id":"evt_\\u0000","type":"x"}',
      '{"__proto__":{"id":"evt_1","type":"x"}}',
      'not json',
      JSON.stringify(event),
    ];
    for (const body of bodies) {
      for (const signed of [false, true]) {
        const before = await lastPosition();
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          ...(signed ? { 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }) } : {}),
        };
        const response = await fetch(`${api.url}/webhooks/stripe`, { method: 'POST', headers, body });
        const legitimate = signed && body === JSON.stringify(event);
        expect({ body: body.slice(0, 60), signed, status: response.status }).toEqual({ body: body.slice(0, 60), signed, status: legitimate ? 200 : 400 });
        if (!legitimate) expect(isErrorEnvelope(await response.json())).toBe(true);
        expect(await lastPosition()).toBe(before);
      }
    }
  });
});
