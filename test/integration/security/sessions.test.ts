import { cookieValue } from '../../../backend/src/platform/common/http/cookies';
import { LocalIdentity } from '../../../backend/src/emulators/identity/local-identity';
import { latestSignInCode } from '../../support/sign-in-codes';
import { uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';

const QUEUE_PREFIX = uniqueQueuePrefix('sessions');
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { QUEUE_PREFIX } });
});
afterAll(() => api.close());

let ip = 0;
// Sign-in codes are limited per address: each call comes from its own (trusted-proxy) client address.
const freshIp = () => `203.0.113.${(ip += 1)}`;

interface Answer {
  status: number;
  cacheControl: string | null;
  body: { result?: any; redirect?: { to: string }; error?: { code: string; message: string } };
  setCookies: string[];
}

async function call(id: string, body: unknown, cookie = '', method: 'GET' | 'POST' = 'POST'): Promise<Answer> {
  const response = await fetch(`${api.url}/_serverFn/${id}${method === 'GET' ? `?payload=${encodeURIComponent(JSON.stringify(body))}` : ''}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...(cookie ? { cookie } : {}) },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  return {
    status: response.status,
    cacheControl: response.headers.get('cache-control'),
    body: (await response.json()) as Answer['body'],
    setCookies: response.headers.getSetCookie(),
  };
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
const jar = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
const code = (email: string) => latestSignInCode(api.config.REDIS_URL, QUEUE_PREFIX, email);
const pick = (cookies: string, ...names: string[]) => names.map((name) => `${name}=${cookieValue(cookies, name)}`).join('; ');

async function signUp(email: string): Promise<string> {
  const created = await call('localSignUpCreate', { emailAddress: email, legalAccepted: true });
  const done = await call('localSignUpAttemptVerification', { attemptId: created.body.result.id, code: await code(email) });
  expect(done.body.result).toMatchObject({ status: 'complete' });
  return jar(done.setCookies);
}

async function signIn(email: string): Promise<string> {
  const started = await call('localSignInCreate', { identifier: email });
  const done = await call('localSignInAttemptFirstFactor', { attemptId: started.body.result.id, code: await code(email) });
  expect(done.body.result).toMatchObject({ status: 'complete' });
  return jar(done.setCookies);
}

/** Signed in means: the viewer is known and a function that needs a user answers. */
async function expectSignedIn(cookie: string, email: string) {
  expect((await call('getViewer', {}, cookie, 'GET')).body.result.viewer).toMatchObject({ email });
  expect((await call('getCreditSummary', {}, cookie, 'GET')).status).toBe(200);
  expect((await call('getDashboardData', {}, cookie, 'GET')).body.result).toMatchObject({ licenses: expect.any(Array) });
}

/** Refused: the 401 envelope where a user is required, the sign-in redirect instead of the dashboard's license keys. */
async function expectRefused(cookie: string) {
  expect((await call('getViewer', {}, cookie, 'GET')).body.result.viewer).toBeNull();
  const credits = await call('getCreditSummary', {}, cookie, 'GET');
  expect(credits).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } });
  const dashboard = await call('getDashboardData', {}, cookie, 'GET');
  expect(dashboard.body.result).toBeUndefined();
  expect(dashboard.body.redirect).toMatchObject({ to: '/', search: { sign_in: 'open' } });
  const rotate = await call('rotateLicenseKey', { licenseId: `lic_${'a'.repeat(24)}` }, cookie);
  expect(rotate).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } });
}

describe('signing out ends the session at once', () => {
  it('refuses the old __session replayed after sign-out, with the real or a forged __client_uat, or with the old client cookie', async () => {
    const cookies = await signUp('replay@example.com');
    await expectSignedIn(cookies, 'replay@example.com');
    const out = await call('signOut', {}, cookies);
    expect(out.status).toBe(200);

    await expectRefused(pick(cookies, '__session', '__client_uat'));
    await expectRefused(`${pick(cookies, '__session')}; __client_uat=1`);
    await expectRefused(`${pick(cookies, '__session')}; __client_uat=${Math.floor(Date.now() / 1000) + 3600}`);
    await expectRefused(cookies);
  });

  it('issues 60-second tokens', async () => {
    const cookies = await signUp('lifetime@example.com');
    const token = cookieValue(cookies, '__session')!;
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number; exp: number };
    expect(claims.exp - claims.iat).toBe(60);
  });
});

describe('a token older than its 60 s', () => {
  /** A token for this session signed two minutes ago, through the module's own refresh and signing. */
  async function staleToken(cookies: string): Promise<string> {
    const identity = api.app.get(LocalIdentity, { strict: false });
    const refreshed = await identity.refresh(cookies, new Date(Date.now() - 120_000));
    return refreshed!.token!;
  }

  it('is refused on its own, and renewed from the client cookie while the session is active', async () => {
    const cookies = await signUp('stale@example.com');
    const stale = await staleToken(cookies);
    const uat = pick(cookies, '__client_uat');
    await expectRefused(`__session=${stale}; ${uat}`);

    const renewed = await call('getCreditSummary', {}, `__session=${stale}; ${uat}; ${pick(cookies, '__client')}`, 'GET');
    expect(renewed.status).toBe(200);
    const fresh = renewed.setCookies.find((c) => c.startsWith('__session='));
    expect(fresh).toMatch(/^__session=ey[^;]+;.*Max-Age=60/);
    expect(fresh!.split(';')[0]).not.toBe(`__session=${stale}`);
  });

  it('is not renewed once the session has ended', async () => {
    const cookies = await signUp('stale-ended@example.com');
    const stale = await staleToken(cookies);
    await call('signOut', {}, cookies);
    const answer = await call('getCreditSummary', {}, `__session=${stale}; ${pick(cookies, '__client_uat', '__client')}`, 'GET');
    expect(answer).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } });
    expect(answer.setCookies.some((c) => /^__session=ey/.test(c))).toBe(false);
    // The dead client cookie is told to go.
    expect(answer.setCookies.find((c) => c.startsWith('__client='))).toMatch(/Max-Age=0/);
  });
});

describe('sign out of all devices', () => {
  it('ends every session of the account, the other device included, and leaves other accounts alone', async () => {
    const laptop = await signUp('everywhere@example.com');
    const phone = await signIn('everywhere@example.com');
    const someoneElse = await signUp('bystander@example.com');
    await expectSignedIn(laptop, 'everywhere@example.com');
    await expectSignedIn(phone, 'everywhere@example.com');

    const out = await call('signOutEverywhere', {}, phone);
    expect(out).toMatchObject({ status: 200, body: { result: { signedOut: true } } });
    expect(out.setCookies.find((c) => c.startsWith('__client_uat='))).toMatch(/^__client_uat=0;/);

    await expectRefused(laptop);
    await expectRefused(phone);
    await expectRefused(`${pick(laptop, '__session')}; __client_uat=1`);
    await expectSignedIn(someoneElse, 'bystander@example.com');
  });

  it('needs a signed-in caller', async () => {
    const answer = await call('signOutEverywhere', {}, '');
    expect(answer).toMatchObject({ status: 401, body: { error: { code: 'UNAUTHENTICATED' } } });
  });
});

describe('personal answers are never cached', () => {
  it('marks server-function answers private, no-store: success, errors and the plain-form redirect', async () => {
    const cookies = await signUp('cache@example.com');
    expect((await call('getViewer', {}, cookies, 'GET')).cacheControl).toBe('private, no-store');
    expect((await call('getDashboardData', {}, cookies, 'GET')).cacheControl).toBe('private, no-store');
    expect((await call('getCreditSummary', {}, '', 'GET')).cacheControl).toBe('private, no-store');
    const invalid = await call('localSignInAttemptFirstFactor', { attemptId: 'x', code: '1' });
    expect(invalid).toMatchObject({ status: 400, cacheControl: 'private, no-store' });
    const unknown = await fetch(`${api.url}/_serverFn/noSuchFunction`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('cache-control')).toBe('private, no-store');
    // A form posted before JavaScript loaded, refused: a 303 back to its page.
    const form = await fetch(`${api.url}/_serverFn/submitContactMessage`, {
      method: 'POST',
      body: 'message=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: api.url, cookie: cookies },
      redirect: 'manual',
    });
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toMatch(/^\/contact\?status=error/);
    expect(form.headers.get('cache-control')).toBe('private, no-store');
  });

  it('marks a signed-in page private, no-store, and leaves a signed-out one shareable-but-revalidated', async () => {
    const cookies = await signUp('page@example.com');
    const signedIn = await fetch(`${api.url}/dashboard`, { headers: { cookie: cookies, accept: 'text/html' } });
    expect(signedIn.status).toBe(200);
    expect(await signedIn.text()).toContain('page@example.com');
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    const home = await fetch(`${api.url}/`, { headers: { cookie: cookies, accept: 'text/html' } });
    expect(home.headers.get('cache-control')).toBe('private, no-store');
    const anonymous = await fetch(`${api.url}/`, { headers: { accept: 'text/html' } });
    expect(anonymous.headers.get('cache-control')).toBe('no-cache');
  });
});

describe('HSTS', () => {
  let https: TestApi;
  beforeAll(async () => {
    https = await startTestApi({ env: { QUEUE_PREFIX, PUBLIC_URL: 'https://site.example' } });
  });
  afterAll(() => https.close());

  const hsts = async (base: string, headers: Record<string, string> = {}) =>
    (await fetch(`${base}/_serverFn/getSiteInfo`, { headers })).headers.get('strict-transport-security');

  it('is absent when the site is served over http', async () => {
    expect(await hsts(api.url)).toBeNull();
    // A forwarded https claim does not make an http site an https one.
    expect(await hsts(api.url, { 'x-forwarded-proto': 'https' })).toBeNull();
  });

  it('is sent when PUBLIC_URL is https and the request came over https through the trusted proxy', async () => {
    expect(await hsts(https.url, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    // The same site reached over plain http (a health check straight to the port) gets none.
    expect(await hsts(https.url)).toBeNull();
    expect(await hsts(https.url, { 'x-forwarded-proto': 'http' })).toBeNull();
  });
});
