import { generateSigningKeys } from '../../../backend/src/emulators/identity/signing-keys';
import { issueSessionToken } from '../../../backend/src/emulators/identity/session-token';
import { latestSignInCode } from '../../support/sign-in-codes';
import { uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';

const QUEUE_PREFIX = uniqueQueuePrefix('signin');
let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ env: { QUEUE_PREFIX, LOCAL_ADMIN_EMAILS: 'boss@example.com' } });
});
afterAll(() => api.close());

let ip = 0;
const freshIp = () => `203.0.113.${(ip += 1)}`;

async function call(id: string, body: unknown, cookie = '', method = 'POST') {
  const response = await fetch(`${api.url}/_serverFn/${id}${method === 'GET' ? `?payload=${encodeURIComponent(JSON.stringify(body))}` : ''}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...(cookie ? { cookie } : {}) },
    body: method === 'POST' ? JSON.stringify(body) : undefined,
  });
  const setCookies = response.headers.getSetCookie();
  return {
    status: response.status,
    body: (await response.json()) as { result?: any; error?: { code: string; message: string; issues?: unknown[] } },
    setCookies,
  };
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
const jar = (setCookies: string[]) =>
  setCookies
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
const code = (email: string) => latestSignInCode(api.config.REDIS_URL, QUEUE_PREFIX, email);

async function signUp(email: string, names: { firstName?: string; lastName?: string } = {}) {
  const created = await call('localSignUpCreate', { emailAddress: email, legalAccepted: true, ...names });
  expect(created.body.result).toMatchObject({ status: 'missing_requirements', identifier: email });
  const done = await call('localSignUpAttemptVerification', { attemptId: created.body.result.id, code: await code(email) });
  expect(done.body.result).toMatchObject({ status: 'complete' });
  return done.setCookies;
}

describe('the local sign-in (the embedded stand-in for Clerk)', () => {
  it('signs up with an emailed code, sets Clerk-named cookies, and the viewer is the new user', async () => {
    const cookies = await signUp('grace@example.com', { firstName: 'Grace', lastName: 'Hopper' });
    const names = cookies.map((c) => c.split('=')[0]);
    expect(names).toEqual(expect.arrayContaining(['__session', '__client', '__client_uat']));
    expect(cookies.find((c) => c.startsWith('__session='))).toMatch(/HttpOnly/);
    expect(cookies.find((c) => c.startsWith('__client_uat='))).not.toMatch(/HttpOnly/);
    const viewer = await call('getViewer', {}, jar(cookies), 'GET');
    expect(viewer.body.result).toEqual({
      signIn: { mode: 'local' },
      viewer: { userId: expect.stringMatching(/^user_/), email: 'grace@example.com', name: 'Grace Hopper', isAdmin: false },
    });
  });

  it('refuses a sign-up for an address that has an account, and a sign-up without the terms', async () => {
    await signUp('taken@example.com');
    expect((await call('localSignUpCreate', { emailAddress: 'Taken@Example.com', legalAccepted: true })).body.error?.code).toBe('form_identifier_exists');
    const noTerms = await call('localSignUpCreate', { emailAddress: 'new@example.com', legalAccepted: false });
    expect(noTerms.status).toBe(400);
    expect(noTerms.body.error?.issues).toEqual([expect.objectContaining({ path: ['legalAccepted'] })]);
  });

  it('signs in: unknown address, wrong code with tries left, then the right code', async () => {
    await signUp('ada@example.com');
    const unknown = await call('localSignInCreate', { identifier: 'nobody@example.com' });
    expect(unknown).toMatchObject({ status: 422, body: { error: { code: 'form_identifier_not_found' } } });
    const started = await call('localSignInCreate', { identifier: ' ADA@example.com ' });
    expect(started.body.result).toMatchObject({ status: 'needs_first_factor', identifier: 'ada@example.com' });
    const attemptId = started.body.result.id as string;
    const right = await code('ada@example.com');
    const wrong = await call('localSignInAttemptFirstFactor', { attemptId, code: right === '000000' ? '111111' : '000000' });
    expect(wrong.body.error).toMatchObject({ code: 'form_code_incorrect', message: expect.stringContaining('4 tries left') });
    expect(wrong.setCookies).toEqual([]);
    const done = await call('localSignInAttemptFirstFactor', { attemptId, code: right });
    expect(done.body.result).toMatchObject({ status: 'complete' });
    expect((await call('getViewer', {}, jar(done.setCookies), 'GET')).body.result.viewer).toMatchObject({ email: 'ada@example.com', name: 'ada' });
  });

  it('renews the session token from the client cookie alone, and signing out ends the session for good', async () => {
    const cookies = await signUp('kate@example.com');
    const clientOnly = jar(cookies.filter((c) => !c.startsWith('__session=')));
    const renewed = await call('getViewer', {}, clientOnly, 'GET');
    expect(renewed.body.result.viewer).toMatchObject({ email: 'kate@example.com' });
    expect(renewed.setCookies.some((c) => c.startsWith('__session=ey'))).toBe(true);

    const out = await call('signOut', {}, jar(cookies));
    expect(out.setCookies.find((c) => c.startsWith('__client_uat='))).toMatch(/^__client_uat=0;/);
    expect((await call('getViewer', {}, clientOnly, 'GET')).body.result.viewer).toBeNull();
  });

  it('treats a token signed with another key, or a garbled one, as signed out', async () => {
    const forged = issueSessionToken(generateSigningKeys(), {
      userId: 'user_forged',
      sessionId: 'sess_forged',
      authorizedParty: new URL(api.config.PUBLIC_URL).origin,
      firstFactorAgeMinutes: 0,
    });
    for (const cookie of [`__session=${forged}`, '__session=not-a-token', `__session=${forged}; __client=garbage`]) {
      const viewer = await call('getViewer', {}, cookie, 'GET');
      expect(viewer).toMatchObject({ status: 200, body: { result: { viewer: null } } });
    }
  });

  it('gives the configured addresses the admin role (Clerk organization role org:admin), which opens the admin functions', async () => {
    const cookies = await signUp('boss@example.com');
    expect((await call('getViewer', {}, jar(cookies), 'GET')).body.result.viewer).toMatchObject({ isAdmin: true });
    expect((await call('adminListStripeEvents', {}, jar(cookies), 'GET')).status).toBe(200);
    const someone = await signUp('not-boss@example.com');
    expect((await call('adminListStripeEvents', {}, jar(someone), 'GET')).body.error).toMatchObject({ code: 'FORBIDDEN' });
    expect((await call('adminListStripeEvents', {}, '', 'GET')).status).toBe(403);
  });

  it('answers bad input with the zod issues and a malformed attempt id with a clear message', async () => {
    const bad = await call('localSignInAttemptFirstFactor', { attemptId: 'x', code: '12' });
    expect(bad.status).toBe(400);
    expect(bad.body.error?.issues?.length).toBe(2);
    const gone = await call('localSignInAttemptFirstFactor', { attemptId: 'sia_doesnotexist123', code: '123456' });
    expect(gone).toMatchObject({ status: 404, body: { error: { code: 'sign_in_wrong_status' } } });
  });
});
