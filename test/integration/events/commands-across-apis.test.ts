import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { STREAM_COMMAND_LOCK } from '../../../backend/src/events/serialized-streams';
import { hostCalendarStreamId } from '../../../backend/src/modules/booking/booking.events';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import { startSite, type SiteServer } from '../../support/site-server';

// Two api processes on one database and one Redis, as behind a load balancer: `first` (api and
// worker) and `second` (api only), each with its own pools, lanes and caches. Commands on one
// host's calendar or one credit account go to both at once.
const TOKEN = 'credits-token-for-tests-0123456789abcdef';
const HOST = 'host@example.com';
/** 3× the default: 50 holds waiting their turn on a loaded 2-core machine must not meet the bound, only the test that holds the lock. */
const STREAM_LOCK_WAIT_MS = '15000';
let first: SiteServer;
let second: SiteServer;
let apis: SiteServer[];
/** One connection for the whole file, opened first: on a Postgres shared with other runs, a later connect may find it full. */
let db: Client;
let hostUserId: string;
const customers: string[] = [];

const allDay = [{ start: '00:00', end: '24:00' }];
const schedule = {
  timeZone: 'UTC',
  weekly: { '1': allDay, '2': allDay, '3': allDay, '4': allDay, '5': allDay, '6': allDay, '7': allDay },
  overrides: {},
  bufferMinutes: 0,
  minimumNoticeMinutes: 0,
  horizonDays: 14,
  meetingUrl: 'https://meet.example.com/hannah',
};
/** A customer holds at most 3 times at once, so 50 holds need 17 customers. */
const CUSTOMERS = 17;

beforeAll(async () => {
  first = await startAddressableSite('across-apis', { LOCAL_ADMIN_EMAILS: HOST, CREDITS_API_TOKEN: TOKEN, STREAM_LOCK_WAIT_MS });
  const firstUrl = new URL(first.url);
  second = await startSite('across-apis-second', {
    ROLE: 'api',
    DATABASE_URL: first.databaseUrl,
    QUEUE_PREFIX: first.queuePrefix,
    PUBLIC_URL: `http://127.0.0.1:${firstUrl.port}`,
    LOCAL_ADMIN_EMAILS: HOST,
    CREDITS_API_TOKEN: TOKEN,
    STREAM_LOCK_WAIT_MS,
  });
  apis = [first, second];
  db = new Client({ connectionString: first.databaseUrl });
  db.on('error', () => undefined);
  await db.connect();
  const host = await signUpOverHttp(first, HOST, 'Hannah Host');
  expect((await callFn(first.url, 'saveHostAvailability', { schedule }, { cookie: host })).result).toMatchObject({ saved: true });
  hostUserId = (await db.query<{ host_user_id: string }>('select host_user_id from rm_host_availability')).rows[0]!.host_user_id;
  for (let i = 0; i < CUSTOMERS; i += 1) customers.push(await signUpOverHttp(first, `customer${i}@example.com`, `Customer ${i}`));
}, 180_000);
afterAll(async () => {
  await db?.end();
  await second?.stop();
  await first?.stop();
});

/** Request i goes to one api or the other, alternately. */
const apiFor = (i: number) => apis[i % apis.length]!;
const book = (i: number, start: string) =>
  callFn(apiFor(i).url, 'bookSession', { sessionTypeId: 'setup-session-30', hostUserId, start, timeZone: 'UTC' }, { cookie: customers[i % CUSTOMERS] });
const releaseAll = () => Promise.all(customers.map((cookie) => callFn(first.url, 'releaseSessionHold', {}, { cookie })));
/** The hour `n` hours after 00:00 UTC two days from now: 30-minute sessions an hour apart never touch. */
const hourFromDayAfterTomorrow = (n: number) => {
  const date = new Date(Date.now() + 2 * 86_400_000);
  date.setUTCHours(0, 0, 0, 0);
  return new Date(date.getTime() + n * 3_600_000).toISOString();
};
/** SerializedStreams logs it when an append under its lock still met a version conflict: it must never have had to. */
const racesLost = () => apis.filter((api) => api.stdout().includes('appended to without its lock')).length;
const heldAt = async (starts: string[]) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from events where type = 'SlotHeld' and data->>'start' = any($1)`, [starts])).rows[0]!.n;

describe('holds on one host from two api processes', () => {
  it('50 concurrent holds of different free times: 50 holds, none refused', async () => {
    const starts = Array.from({ length: 50 }, (_, i) => hourFromDayAfterTomorrow(i));
    const answers = await Promise.all(starts.map((start, i) => book(i, start)));
    expect(answers.filter((a) => a.status !== 200).map((a) => ({ status: a.status, error: a.error }))).toEqual([]);
    for (const answer of answers) expect(answer.result).toMatchObject({ outcome: 'redirect' });
    expect(await heldAt(starts)).toBe(50);
    expect(racesLost()).toBe(0);
    await releaseAll();
  });

  it('50 concurrent holds of one time: exactly one, the rest a clear slot_taken', async () => {
    const start = hourFromDayAfterTomorrow(60);
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book(i, start)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused).toHaveLength(49);
    for (const answer of refused) expect(answer).toMatchObject({ status: 409, error: { code: 'booking.slot_taken' } });
    expect(await heldAt([start])).toBe(1);
    expect(racesLost()).toBe(0);
    await releaseAll();
  });

  it('a calendar kept busy past the bound answers 503 with the error envelope instead of hanging', async () => {
    await db.query('begin');
    try {
      await db.query('select pg_advisory_xact_lock($1, hashtext($2))', [STREAM_COMMAND_LOCK, hostCalendarStreamId(hostUserId)]);
      const answer = await book(1, hourFromDayAfterTomorrow(70));
      expect(answer).toMatchObject({ status: 503, error: { code: 'UNAVAILABLE', message: expect.stringContaining('try again') } });
    } finally {
      await db.query('rollback');
    }
    expect((await book(1, hourFromDayAfterTomorrow(70))).status).toBe(200);
    await releaseAll();
  });
});

describe('debits of one credit account from two api processes', () => {
  const debit = (i: number, key: string, credits: number) =>
    fetch(`${apiFor(i).url}/api/internal/credits/debit`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({ request_id: randomUUID(), license_key: key, endpoint: '/api/v1/chat', usage_kind: 'request', credits }),
    }).then(async (res) => ({ status: res.status, body: (await res.json()) as { status?: string; total_remaining?: number } }));

  it('each decided against the one before: none refused while the balance covers them, and never below zero', async () => {
    const cookie = await signUpOverHttp(first, 'credits-owner@example.com');
    const started = await callFn(first.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 }, { cookie });
    await chooseOnHostedCheckout(started.result.url, 'pay');
    const key = (
      await eventually(
        () => callFn(first.url, 'getDashboardData', {}, { cookie, method: 'GET' }),
        (d) => d.result?.licenses.length === 1,
      )
    ).result.licenses[0].key as string;

    // 150,000 included credits: 60 × 2,000 fit, whichever api takes them.
    const covered = await Promise.all(Array.from({ length: 60 }, (_, i) => debit(i, key, 2_000)));
    expect(covered.filter((a) => a.status !== 200)).toEqual([]);
    // Each saw the balance the one before it left: the remainders are every step from 148,000 down to 30,000.
    expect(covered.map((a) => a.body.total_remaining).sort((x, y) => y! - x!)).toEqual(Array.from({ length: 60 }, (_, i) => 148_000 - i * 2_000));

    // 30,000 left: 30 of 40 × 1,000 fit; the other 10 are refused, and nothing goes below zero.
    const past = await Promise.all(Array.from({ length: 40 }, (_, i) => debit(i, key, 1_000)));
    expect(
      past
        .filter((a) => a.status === 200)
        .map((a) => a.body.total_remaining)
        .sort((x, y) => y! - x!),
    ).toEqual(Array.from({ length: 30 }, (_, i) => 29_000 - i * 1_000));
    expect(past.filter((a) => a.status !== 200).map((a) => a.status)).toEqual(Array(10).fill(402));
    expect(racesLost()).toBe(0);
  });
});
