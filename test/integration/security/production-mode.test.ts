import { ApiModule } from '../../../backend/src/app.module';
import { loadConfig } from '../../../backend/src/platform/config/load-config';
import { DemoModule } from '../../../backend/src/modules/demo/demo.module';
import { OutboxModule } from '../../../backend/src/emulators/outbox/outbox.module';
import { StripeEmulatorModule } from '../../../backend/src/emulators/stripe/stripe-emulator.module';
import { localSignInServerFns } from '../../../contracts/auth/auth.contract';
import { runMainUntilExit } from '../../support/main-process';
import { SAFE_PRODUCTION_ENV } from '../../support/production-env';
import { startSite, type SiteServer } from '../../support/site-server';
import { startTestApi, type TestApi } from '../../support/test-api';
import { uniqueQueuePrefix } from '../../support/test-database';
import { testConfig } from '../../support/test-config';

/** Every stand-in's surface: the Stripe emulator's pages and REST API, and the email outbox. */
const STAND_IN_PATHS: Array<['GET' | 'POST', string]> = [
  ['GET', '/_stripe/dev'],
  ['POST', '/_stripe/dev/subscription/sub_1/renew'],
  ['GET', '/_stripe/checkout/cs_test_1'],
  ['POST', '/_stripe/checkout/cs_test_1/pay'],
  ['GET', '/_stripe/invoice/in_1'],
  ['POST', '/_stripe/invoice/in_1/pay'],
  ['GET', '/_stripe/billing/bps_1'],
  ['POST', '/_stripe/billing/bps_1/subscriptions/sub_1/cancel'],
  ['GET', '/v1/prices'],
  ['GET', '/v1/customers/cus_1'],
  ['POST', '/v1/customers'],
  ['POST', '/v1/checkout/sessions'],
  ['POST', '/v1/refunds'],
  ['GET', '/dev/outbox'],
  ['POST', '/dev/outbox'],
  ['GET', '/dev/outbox/messages/1'],
  ['GET', '/dev/outbox/preview/manage-email-link'],
];

const request = (base: string, method: 'GET' | 'POST', path: string) =>
  fetch(`${base}${path}`, {
    method,
    redirect: 'manual',
    headers: {
      accept: 'application/json',
      'sec-fetch-site': 'same-origin',
      ...(method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
    },
    body: method === 'POST' ? 'amount=100' : undefined,
  });

const callLocalSignIn = (base: string, id: string, input: unknown = {}) =>
  fetch(`${base}/_serverFn/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    body: JSON.stringify(input),
  });

describe('the built site in production configuration', () => {
  let site: SiteServer;
  beforeAll(async () => {
    // The same environment the one-line refusals below are measured against, accepted whole.
    expect(() => loadConfig(SAFE_PRODUCTION_ENV)).not.toThrow();
    site = await startSite('production-mode', { ...SAFE_PRODUCTION_ENV, LOCAL_DEMO_DATA: 'true' });
  }, 90_000);
  afterAll(() => site?.stop());

  it('starts and is healthy', async () => {
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
  });

  it.each(STAND_IN_PATHS)('%s %s answers 404', async (method, path) => {
    const response = await request(site.url, method, path);
    expect(response.status).toBe(404);
    if (path.startsWith('/v1/')) expect(((await response.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
  });

  it.each(localSignInServerFns.map((c) => c.id))('the local sign-in step %s answers 404 NOT_FOUND through /_serverFn', async (id) => {
    const response = await callLocalSignIn(site.url, id);
    expect(response.status).toBe(404);
    expect(((await response.json()) as { error: { code: string; message: string } }).error).toEqual({
      code: 'NOT_FOUND',
      message: `There is no server function called "${id}".`,
    });
  });
});

describe('the embedded defaults, for contrast: the same stand-ins answer', () => {
  let api: TestApi;
  beforeAll(async () => {
    // Rate-limit buckets of its own, so other files' sign-ins from this address cannot use up its one.
    api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('prod-contrast') } });
  });
  afterAll(() => api.close());

  it.each([
    ['GET', '/_stripe/dev'],
    ['GET', '/v1/prices'],
    ['POST', '/v1/customers'],
    ['GET', '/dev/outbox'],
  ] as const)('%s %s is there (not 404)', async (method, path) => {
    expect((await request(api.url, method, path)).status).not.toBe(404);
  });

  it('the local sign-in answers for itself (an unknown address), not NOT_FOUND', async () => {
    const response = await callLocalSignIn(api.url, 'localSignInCreate', { identifier: 'nobody-yet@example.com' });
    expect(response.status).not.toBe(404);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('form_identifier_not_found');
  });
});

describe('no stand-in module is mounted in production, whatever else is set', () => {
  const importsOf = (env: Record<string, string>) => ApiModule.forRoot(testConfig(env)).imports ?? [];

  it('leaves out the Stripe emulator, the outbox and the demo data even with no Stripe key, the outbox transport and demo data asked for', () => {
    const imports = importsOf({ NODE_ENV: 'production', EMAIL_TRANSPORT: 'outbox', LOCAL_DEMO_DATA: 'true' });
    for (const standIn of [StripeEmulatorModule, OutboxModule, DemoModule]) expect(imports).not.toContain(standIn);
    const local = importsOf({ LOCAL_DEMO_DATA: 'true' });
    for (const standIn of [StripeEmulatorModule, OutboxModule, DemoModule]) expect(local).toContain(standIn);
  });
});

describe('every unsafe production value refuses start (exit 78) with one line naming the variable, never a value', () => {
  const { NODE_ENV: _production, ...keysOnly } = SAFE_PRODUCTION_ENV;
  const unsafe: Array<[string, string, Record<string, string | undefined>]> = [
    ['no webhook secret', 'STRIPE_WEBHOOK_SECRET', { ...SAFE_PRODUCTION_ENV, STRIPE_WEBHOOK_SECRET: undefined }],
    ["the emulator's webhook secret", 'STRIPE_WEBHOOK_SECRET', { ...SAFE_PRODUCTION_ENV, STRIPE_WEBHOOK_SECRET: 'whsec_sculpt_local_emulator' }],
    ['no SITE_TOKEN_SECRET', 'SITE_TOKEN_SECRET', { ...SAFE_PRODUCTION_ENV, SITE_TOKEN_SECRET: undefined }],
    ['email to the outbox', 'EMAIL_TRANSPORT', { ...SAFE_PRODUCTION_ENV, EMAIL_TRANSPORT: 'outbox', SMTP_URL: undefined }],
    ["keys set, NODE_ENV and EMAIL_TRANSPORT unset (the issue's deploy)", 'EMAIL_TRANSPORT', { ...keysOnly, EMAIL_TRANSPORT: undefined, SMTP_URL: undefined }],
    ['Clerk partial', 'CLERK_JWT_KEY', { ...SAFE_PRODUCTION_ENV, CLERK_JWT_KEY: undefined }],
    ['an http PUBLIC_URL', 'PUBLIC_URL', { ...SAFE_PRODUCTION_ENV, PUBLIC_URL: 'http://systemsculpt.example' }],
    ['a restricted key where the secret key goes', 'STRIPE_SECRET_KEY', { ...SAFE_PRODUCTION_ENV, STRIPE_SECRET_KEY: 'rk_live_51RestrictedKeyNeverPrinted' }],
    ['a malformed Clerk publishable key', 'CLERK_PUBLISHABLE_KEY', { ...SAFE_PRODUCTION_ENV, CLERK_PUBLISHABLE_KEY: 'pk_live_NotBase64OfAHost' }],
    ['real Clerk, emulated Stripe', 'STRIPE_SECRET_KEY', { ...SAFE_PRODUCTION_ENV, STRIPE_SECRET_KEY: undefined }],
    [
      'real Stripe, local sign-in',
      'CLERK_SECRET_KEY',
      { ...SAFE_PRODUCTION_ENV, CLERK_PUBLISHABLE_KEY: undefined, CLERK_SECRET_KEY: undefined, CLERK_JWT_KEY: undefined },
    ],
  ];

  it.each(unsafe)(
    '%s: exits 78 naming %s',
    async (_what, variable, env) => {
      const { code, stderr, stdout } = await runMainUntilExit(env);
      expect(code).toBe(78);
      expect(stdout).toBe('');
      const lines = stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(new RegExp(`^(Refusing to start in production|Invalid configuration): ${variable}: \\S`));
      // Every secret, key and URL given (the words `production`, `outbox`, `smtp` are shorter).
      for (const value of Object.values(env)) if (value && value.length >= 12) expect(stderr).not.toContain(value);
    },
    30_000,
  );
});
