import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { latestSignInCode } from '../../support/sign-in-codes';
import { startSite, type SiteServer } from '../../support/site-server';
import { startTestApi, type TestApi } from '../../support/test-api';
import { uniqueQueuePrefix } from '../../support/test-database';
import { testPool } from '../../support/test-events';
import { within } from '../../support/waits';

const ADMIN_TOKEN = 'admin-token-for-abuse-limits-0123';

let api: TestApi;
let redis: Redis;
let pool: Pool;
beforeAll(async () => {
  api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('abuse') } });
  redis = new Redis(api.config.REDIS_URL);
  pool = testPool(2);
});
afterAll(async () => {
  await pool.end();
  redis.disconnect();
  await api.close();
});

let ipCounter = 0;
/** A client address of its own per request unless a test wants one shared (the test api trusts loopback's X-Forwarded-For). */
const freshIp = () => `198.51.100.${(ipCounter += 1) % 250}`;

interface Answer {
  status: number;
  retryAfter: string | null;
  body: { result?: any; error?: { code: string; message: string } };
}

async function call(baseUrl: string, id: string, body: unknown, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${baseUrl}/_serverFn/${id}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': freshIp(), ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, retryAfter: response.headers.get('retry-after'), body: (await response.json()) as Answer['body'] };
}

const codeFor = (email: string) => latestSignInCode(api.config.REDIS_URL, api.config.QUEUE_PREFIX, email);
/** A code that is certainly not the one sent: the same with its last digit moved on by one. */
const wrong = (code: string) => `${code.slice(0, 5)}${(Number(code[5]) + 1) % 10}`;

async function makeAccount(email: string): Promise<void> {
  await pool.query('insert into local_identity_users (id, email) values ($1, $2)', [`user_${randomUUID().replace(/-/g, '')}`, email]);
}

describe('wrong sign-in codes are counted per address, across attempts and resends', () => {
  it('refuses the 11th wrong code with a 429 and Retry-After, then the right code too until the window passes', async () => {
    const email = `guessed-${randomUUID()}@example.com`;
    await makeAccount(email);
    const guesses: Answer[] = [];
    const guess = async (attemptId: string, times: number) => {
      const code = await codeFor(email);
      for (let i = 0; i < times; i += 1) guesses.push(await call(api.url, 'localSignInAttemptFirstFactor', { attemptId, code: wrong(code) }));
    };

    const first = (await call(api.url, 'localSignInCreate', { identifier: email })).body.result.id as string;
    await guess(first, 3);
    expect((await call(api.url, 'localSignInPrepareFirstFactor', { attemptId: first })).status).toBe(200);
    await guess(first, 3);
    expect((await call(api.url, 'localSignInPrepareFirstFactor', { attemptId: first })).status).toBe(200);
    await guess(first, 2);
    const second = (await call(api.url, 'localSignInCreate', { identifier: email })).body.result.id as string;
    await guess(second, 2);
    expect(guesses.map((g) => g.status)).toEqual(Array(10).fill(422));
    expect(new Set(guesses.map((g) => g.body.error?.code))).toEqual(new Set(['form_code_incorrect']));

    const code = await codeFor(email);
    const eleventh = await call(api.url, 'localSignInAttemptFirstFactor', { attemptId: second, code: wrong(code) });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error?.code).toBe('RATE_LIMITED');
    expect(Number(eleventh.retryAfter)).toBeGreaterThan(3000);
    expect(Number(eleventh.retryAfter)).toBeLessThanOrEqual(3600);
    expect(eleventh.body.error?.message).not.toContain(email);

    const right = await call(api.url, 'localSignInAttemptFirstFactor', { attemptId: second, code });
    expect(right.status).toBe(429);
    expect(right.body.error?.code).toBe('RATE_LIMITED');
    expect(right.body.result).toBeUndefined();

    // The window's end is its counter's expiry: ended early here, the right code works again.
    const counters = await redis.keys(`${api.config.QUEUE_PREFIX}:ratelimit:one-time-code:wrong:${email}`);
    expect(counters).toHaveLength(1);
    await redis.del(...counters);
    const after = await call(api.url, 'localSignInAttemptFirstFactor', { attemptId: second, code });
    expect(after.status).toBe(200);
    expect(after.body.result).toMatchObject({ status: 'complete', identifier: email });
  });

  it('holds an address without an account to the same budget through sign-up, with the same 429', async () => {
    const email = `newcomer-${randomUUID()}@example.com`;
    const answers: Answer[] = [];
    for (const tries of [5, 5, 1]) {
      const attemptId = (await call(api.url, 'localSignUpCreate', { emailAddress: email, legalAccepted: true })).body.result.id as string;
      const code = await codeFor(email);
      for (let i = 0; i < tries; i += 1) answers.push(await call(api.url, 'localSignUpAttemptVerification', { attemptId, code: wrong(code) }));
    }
    expect(answers.slice(0, 10).map((a) => a.status)).toEqual(Array(10).fill(422));
    const eleventh = answers[10]!;
    expect(eleventh.status).toBe(429);
    expect(eleventh.body.error?.code).toBe('RATE_LIMITED');
    expect(eleventh.body.error?.message).toMatch(/^Too many wrong codes for this address\. Try again in \d+ minutes\.$/);
    expect(Number(eleventh.retryAfter)).toBeGreaterThan(3000);
  });

  it('counts resends against the address, not the attempt: a 7th code in the hour is refused', async () => {
    const email = `resent-${randomUUID()}@example.com`;
    await makeAccount(email);
    const statuses: number[] = [];
    const first = (await call(api.url, 'localSignInCreate', { identifier: email })).body.result.id as string;
    for (let i = 0; i < 3; i += 1) statuses.push((await call(api.url, 'localSignInPrepareFirstFactor', { attemptId: first })).status);
    const second = (await call(api.url, 'localSignInCreate', { identifier: email })).body.result.id as string;
    statuses.push((await call(api.url, 'localSignInPrepareFirstFactor', { attemptId: second })).status);
    const seventh = await call(api.url, 'localSignInPrepareFirstFactor', { attemptId: second });
    expect(statuses).toEqual([200, 200, 200, 200]);
    expect(seventh.status).toBe(429);
    expect(Number(seventh.retryAfter)).toBeGreaterThan(0);
  });

  it('answers an unknown address as it answers a known one once the codes run out', async () => {
    const known = `known-${randomUUID()}@example.com`;
    const unknown = `unknown-${randomUUID()}@example.com`;
    await makeAccount(known);
    const seven = async (email: string) => {
      const answers: Answer[] = [];
      for (let i = 0; i < 7; i += 1) answers.push(await call(api.url, 'localSignInCreate', { identifier: email }));
      return answers;
    };
    const forKnown = await seven(known);
    const forUnknown = await seven(unknown);
    expect(forKnown.slice(0, 6).map((a) => a.status)).toEqual(Array(6).fill(200));
    // What Clerk itself answers for an address without an account.
    expect(forUnknown.slice(0, 6).map((a) => a.body.error?.code)).toEqual(Array(6).fill('form_identifier_not_found'));
    const [lastKnown, lastUnknown] = [forKnown[6]!, forUnknown[6]!];
    expect(lastKnown.status).toBe(429);
    expect(lastUnknown.status).toBe(lastKnown.status);
    expect(lastUnknown.body).toEqual(lastKnown.body);
    expect(Number(lastUnknown.retryAfter)).toBeGreaterThan(0);
    expect(Math.abs(Number(lastUnknown.retryAfter) - Number(lastKnown.retryAfter))).toBeLessThanOrEqual(60);
  });
});

describe('sign-in codes behind a shared network (an office or campus NAT)', () => {
  it('still sends a fresh address its code after the network has asked for many others', async () => {
    const office = freshIp();
    const statuses: number[] = [];
    // Once, the 31st code in an hour from one address of origin was refused, whoever asked for it.
    for (let i = 0; i < 40; i += 1) {
      statuses.push(
        (
          await call(
            api.url,
            'localSignUpCreate',
            { emailAddress: `colleague-${i}-${randomUUID()}@example.com`, legalAccepted: true },
            { 'x-forwarded-for': office },
          )
        ).status,
      );
    }
    expect(statuses).toEqual(Array(40).fill(200));
    const newcomer = `newcomer-${randomUUID()}@example.com`;
    const answer = await call(api.url, 'localSignUpCreate', { emailAddress: newcomer, legalAccepted: true }, { 'x-forwarded-for': office });
    expect(answer.status).toBe(200);
    expect(await codeFor(newcomer)).toMatch(/^\d{6}$/);
  });

  it('limits one address asking too often from one network, and leaves it codes from another', async () => {
    const email = `impatient-${randomUUID()}@example.com`;
    await makeAccount(email);
    const [office, home] = [freshIp(), freshIp()];
    const ask = (ip: string) => call(api.url, 'localSignInCreate', { identifier: email }, { 'x-forwarded-for': ip });
    const fromOffice: Answer[] = [];
    for (let i = 0; i < 5; i += 1) fromOffice.push(await ask(office));
    expect(fromOffice.map((a) => a.status)).toEqual([200, 200, 200, 200, 429]);
    expect(fromOffice[4]!.body.error?.code).toBe('RATE_LIMITED');
    expect(Number(fromOffice[4]!.retryAfter)).toBeGreaterThan(3000);

    // The address's own hour still has two codes, for the owner on another network; then it is spent.
    const fromHome = [await ask(home), await ask(home), await ask(home)];
    expect(fromHome.map((a) => a.status)).toEqual([200, 200, 429]);
    // Another address behind the office is not held back by any of it.
    const colleague = `colleague-${randomUUID()}@example.com`;
    await makeAccount(colleague);
    expect((await call(api.url, 'localSignInCreate', { identifier: colleague }, { 'x-forwarded-for': office })).status).toBe(200);
  });
});

describe('per-IP limits and X-Forwarded-For', () => {
  const adminBurst = async (target: TestApi, count: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < count; i += 1) {
      const response = await fetch(`${target.url}/admin/session`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `203.0.113.${i + 1}` },
        body: `token=${String(i).padStart(4, '0')}-not-the-admin-token`,
      });
      statuses.push(response.status);
    }
    return statuses;
  };

  it('ignores X-Forwarded-For from loopback without TRUST_PROXY: one client cannot mint fresh buckets', async () => {
    const untrusting = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('xff_none'), TRUST_PROXY: '', ADMIN_TOKEN } });
    try {
      const statuses = await adminBurst(untrusting, 11);
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(303));
      expect(statuses[10]).toBe(429);
    } finally {
      await untrusting.close();
    }
  });

  it('follows X-Forwarded-For when TRUST_PROXY names loopback', async () => {
    const trusting = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('xff_loop'), TRUST_PROXY: 'loopback', ADMIN_TOKEN } });
    try {
      expect(await adminBurst(trusting, 12)).toEqual(Array(12).fill(303));
    } finally {
      await trusting.close();
    }
  });
});

describe('the contact form token', () => {
  it('sends one message: used twice, the second is refused with a 403 envelope and nothing is stored again', async () => {
    const ip = freshIp();
    const tokenResponse = await fetch(`${api.url}/_serverFn/getContactCsrfToken`, { headers: { 'x-forwarded-for': ip } });
    const cookie = tokenResponse.headers.get('set-cookie')!.split(';')[0]!;
    const { token } = ((await tokenResponse.json()) as { result: { token: string } }).result;
    const email = `once-${randomUUID()}@example.com`;
    const send = () =>
      call(
        api.url,
        'submitContactMessage',
        { name: 'Ada Lovelace', email, topic: 'billing', message: 'How do refunds for the lifetime license work?', csrfToken: token },
        { cookie, origin: api.url, 'x-forwarded-for': ip },
      );
    const stored = async () =>
      Number(
        (await pool.query<{ n: string }>("select count(*) as n from events where type = 'ContactMessageReceived' and data->>'email' = $1", [email])).rows[0]!.n,
      );

    const [firstTry, secondTry] = [await send(), await send()];
    expect(firstTry.status).toBe(200);
    expect(secondTry.status).toBe(403);
    expect(secondTry.body.error?.code).toBe('contact.csrf_invalid');
    expect(await stored()).toBe(1);
  });

  it('lets exactly one of two racing sends with one token through', async () => {
    const ip = freshIp();
    const tokenResponse = await fetch(`${api.url}/_serverFn/getContactCsrfToken`, { headers: { 'x-forwarded-for': ip } });
    const cookie = tokenResponse.headers.get('set-cookie')!.split(';')[0]!;
    const { token } = ((await tokenResponse.json()) as { result: { token: string } }).result;
    const email = `race-${randomUUID()}@example.com`;
    const send = () =>
      call(
        api.url,
        'submitContactMessage',
        { name: 'Ada Lovelace', email, topic: 'billing', message: 'How do refunds for the lifetime license work?', csrfToken: token },
        { cookie, origin: api.url, 'x-forwarded-for': ip },
      );
    const statuses = (await Promise.all([send(), send(), send()])).map((a) => a.status).sort();
    expect(statuses).toEqual([200, 403, 403]);
    const { rows } = await pool.query<{ n: string }>("select count(*) as n from events where type = 'ContactMessageReceived' and data->>'email' = $1", [email]);
    expect(Number(rows[0]!.n)).toBe(1);
  });
});

describe('the admin sign-in (the built site, for its log)', () => {
  let site: SiteServer;
  beforeAll(async () => {
    site = await startSite('abuse-admin', { ADMIN_TOKEN });
  });
  afterAll(() => site.stop());

  const post = (token: string, ip: string) =>
    fetch(`${site.url}/admin/session`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
      body: `token=${encodeURIComponent(token)}`,
    });

  /** Waits (up to 5 s) for a line the site has logged: its stdout arrives through a pipe, chunk by chunk. */
  async function loggedLine(matches: (entry: Record<string, unknown>) => boolean): Promise<Record<string, unknown> | undefined> {
    // Whole lines only: a chunk can end inside one.
    const logged = () =>
      site
        .stdout()
        .split('\n')
        .slice(0, -1)
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .find(matches);
    let onChunk: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      onChunk = () => void (logged() && resolve());
    });
    site.child.stdout!.on('data', onChunk);
    try {
      onChunk();
      await within(arrived, 5_000, 'not logged');
      return logged();
    } catch {
      return undefined;
    } finally {
      site.child.stdout!.off('data', onChunk);
    }
  }

  it('answers a burst from one address with 429 and Retry-After (the right token too), logs the failures and samples the refusals', async () => {
    const ip = '192.0.2.10';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i += 1) statuses.push((await post(`${i}${i}${i}${i}-wrong-admin-token`, ip)).status);
    expect(statuses).toEqual(Array(10).fill(303));
    const limited = await post(ADMIN_TOKEN, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(limited.headers.get('retry-after'))).toBeLessThanOrEqual(900);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('set-cookie')).toBeNull();

    const failure = await loggedLine((entry) => entry.msg === 'admin sign-in failed: wrong token' && entry.ip === ip);
    expect(failure).toBeDefined();
    expect(JSON.stringify(failure)).not.toContain('wrong-admin-token');
    // The refusal itself is counted and sampled, not logged one by one (rate-limit-refusals.ts).
    expect(await loggedLine((entry) => entry.msg === 'rate limit refused requests' && entry.limiter === 'admin-session:ip')).toBeDefined();
    expect(await loggedLine((entry) => entry.msg === 'admin sign-in refused')).toBeUndefined();
  });
});
