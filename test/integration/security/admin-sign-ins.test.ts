import { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { adminSignInIdHash } from '../../../backend/src/modules/auth/admin-sign-ins';
import { getServerFn } from '../../support/site-client';
import { startTestApi, type TestApi } from '../../support/test-api';
import { uniqueQueuePrefix } from '../../support/test-database';
import { testPool } from '../../support/test-events';

const ADMIN_TOKEN = 'admin-sign-ins-token-0123456789';

/** Two api processes on one database and one Redis, as production runs many behind a balancer. */
let api: TestApi;
let other: TestApi;
let pool: Pool;
let redis: Redis;
beforeAll(async () => {
  const env = { ADMIN_TOKEN, QUEUE_PREFIX: uniqueQueuePrefix('admin_sign_ins') };
  [api, other] = [await startTestApi({ env }), await startTestApi({ env })];
  pool = testPool(2);
  redis = new Redis(api.config.REDIS_URL);
});
afterAll(async () => {
  redis.disconnect();
  await pool.end();
  await other.close();
  await api.close();
});

let ipCounter = 0;
/** Each sign-in from an address of its own unless a test says which (the test apis trust loopback's X-Forwarded-For). */
const freshIp = () => `198.18.${Math.floor((ipCounter += 1) / 250)}.${ipCounter % 250}`;

const signIn = (token: string, ip = freshIp()) =>
  fetch(`${api.url}/admin/session`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
    body: new URLSearchParams({ token }),
  });

/** The Cookie header a browser sends after this answer. */
function cookieFrom(response: Response): string {
  const setCookie = response.headers.get('set-cookie');
  if (!setCookie) throw new Error(`no cookie: ${response.status} ${response.headers.get('location')}`);
  return setCookie.split(';')[0]!;
}

const sessionId = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
const adminStatus = async (cookie: string, on: TestApi = api) => (await getServerFn(on.url, 'adminGetProjectors', {}, cookie)).status;
const signOut = (cookie: string) => fetch(`${api.url}/admin/session/end`, { method: 'POST', redirect: 'manual', headers: { cookie } });

describe('an ADMIN_TOKEN sign-in', () => {
  it('is a fresh random session each time, unrelated to the token, and lets the admin in on every api process', async () => {
    const [first, second] = [cookieFrom(await signIn(ADMIN_TOKEN)), cookieFrom(await signIn(ADMIN_TOKEN))];
    expect(first).not.toBe(second);
    for (const cookie of [first, second]) {
      expect(sessionId(cookie)).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(cookie).not.toContain(ADMIN_TOKEN);
      expect(await adminStatus(cookie)).toBe(200);
      expect(await adminStatus(cookie, other)).toBe(200);
    }
  });

  it('keeps only a hash of the session id, with its expiry 12 hours after its start', async () => {
    const id = sessionId(cookieFrom(await signIn(ADMIN_TOKEN)));
    expect((await pool.query('select 1 from admin_sign_ins where id_hash = $1', [id])).rowCount).toBe(0);
    const { rows } = await pool.query<{ hours: number }>(
      'select extract(epoch from expires_at - created_at) / 3600 as hours from admin_sign_ins where id_hash = $1',
      [adminSignInIdHash(id)],
    );
    expect(rows.map((row) => Number(row.hours))).toEqual([12]);
  });
});

describe('an ADMIN_TOKEN session after sign-out', () => {
  it('is refused at once, on this api process and on another, even as a copy of the old cookie', async () => {
    const cookie = cookieFrom(await signIn(ADMIN_TOKEN));
    const stillSignedIn = cookieFrom(await signIn(ADMIN_TOKEN));
    expect(await adminStatus(cookie, other)).toBe(200);

    const ended = await signOut(cookie);
    expect(ended.status).toBe(303);
    expect(ended.headers.get('set-cookie')).toMatch(/^sculpt_admin=;/);

    expect(await adminStatus(cookie)).toBe(403);
    // The cookie as it was before sign-out, replayed where the sign-out did not happen.
    expect(await adminStatus(cookie, other)).toBe(403);
    // Only that session ended: another browser's stays signed in.
    expect(await adminStatus(stillSignedIn, other)).toBe(200);
  });
});

describe('an ADMIN_TOKEN session past its 12 hours', () => {
  it('is refused by the server while the browser still sends its cookie', async () => {
    const cookie = cookieFrom(await signIn(ADMIN_TOKEN));
    expect(await adminStatus(cookie)).toBe(200);
    // Twelve hours on: the session's expiry is now behind it (the cookie itself is untouched).
    await pool.query(
      "update admin_sign_ins set created_at = created_at - interval '12 hours', expires_at = expires_at - interval '12 hours' where id_hash = $1",
      [adminSignInIdHash(sessionId(cookie))],
    );
    expect(await adminStatus(cookie)).toBe(403);
    expect(await adminStatus(cookie, other)).toBe(403);
  });
});

describe('an ADMIN_TOKEN session after the token changed', () => {
  it('is refused by an api with the new token', async () => {
    const cookie = cookieFrom(await signIn(ADMIN_TOKEN));
    const rotated = await startTestApi({ env: { ADMIN_TOKEN: 'the-next-admin-token-9876543210', QUEUE_PREFIX: api.config.QUEUE_PREFIX } });
    try {
      expect(await adminStatus(cookie, rotated)).toBe(403);
    } finally {
      await rotated.close();
    }
  });
});

describe('wrong admin tokens', () => {
  const prefix = ADMIN_TOKEN.slice(0, 6);

  it('from one address lock that address out, not the right token from another address', async () => {
    const noisy = freshIp();
    const statuses: number[] = [];
    // The right token's own first characters: once, ten of these locked the token out for everyone.
    for (let i = 0; i < 10; i += 1) statuses.push((await signIn(`${prefix}-wrong-guess-${i}`, noisy)).status);
    expect(statuses).toEqual(Array(10).fill(303));
    expect((await signIn(ADMIN_TOKEN, noisy)).status).toBe(429);

    const elsewhere = await signIn(ADMIN_TOKEN, freshIp());
    expect(elsewhere.status).toBe(303);
    expect(elsewhere.headers.get('location')).toBe('/admin');
    expect(await adminStatus(cookieFrom(elsewhere))).toBe(200);
  });

  it('from an address past its limit do not count against every address', async () => {
    const everyone = `${api.config.QUEUE_PREFIX}:ratelimit:admin-session:all`;
    const noisy = freshIp();
    for (let i = 0; i < 10; i += 1) await signIn(`wrong-admin-token-${i}`, noisy);
    const before = Number(await redis.get(everyone));
    const refused: number[] = [];
    for (let i = 0; i < 20; i += 1) refused.push((await signIn(`wrong-admin-token-${i}`, noisy)).status);
    expect(refused).toEqual(Array(20).fill(429));
    expect(Number(await redis.get(everyone))).toBe(before);
  });
});
