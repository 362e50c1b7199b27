// "Why do I have access" (getEntitlementSources) for an account with thousands of events. The built
// site starts on a fresh database; two accounts' histories are written into the event log by SQL and
// projected by the site's own worker: a light account (a purchase and its license) and a heavy one
// (the same, 20 resource purchases, a credit pack drawn on BENCH_DEBITS times, and 5 bookings on a
// host's calendar that holds BENCH_OTHER_BOOKINGS other customers' bookings). Each read is timed over
// HTTP, one request at a time, beside GET /healthz and the account page's own read (getCustomerAccount)
// in the same run.
//   BENCH_DEBITS (10000), BENCH_OTHER_BOOKINGS (2000), BENCH_REQUESTS per read (200)
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { startBenchSite } from './support/site.mjs';

const DEBITS = Number(process.env.BENCH_DEBITS ?? 10_000);
const OTHER_BOOKINGS = Number(process.env.BENCH_OTHER_BOOKINGS ?? 2_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const ADMIN_TOKEN = 'bench-admin-token-entitlements-0123456789';
const HOST = 'host_bench';
const at = (minutes = 0) => new Date(Date.now() - 86_400_000 + minutes * 60_000).toISOString();

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
console.log(`load average at start: ${load()}`);

const site = await startBenchSite({ ADMIN_TOKEN });
const pool = new pg.Pool({ connectionString: site.databaseUrl, max: 2 });
try {
  const signIn = await fetch(`${site.url}/admin/session`, { method: 'POST', body: new URLSearchParams({ token: ADMIN_TOKEN }), redirect: 'manual' });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];

  const seedStarted = performance.now();
  await seedAccount('user_light', { resources: 0, debits: 0, bookings: 0 });
  await seedAccount('user_heavy', { resources: 20, debits: DEBITS, bookings: 5 });
  await seedOtherBookings(OTHER_BOOKINGS);
  const { rows: sizes } = await pool.query(
    `select count(*)::int as events, count(*) filter (where stream_id in ('credits-user_heavy', 'host-calendar-${HOST}'))::int as heavy from events`,
  );
  await waitForProjection();
  console.log(
    `seeded and projected ${sizes[0].events} events (${sizes[0].heavy} on the heavy account's credit stream and its host's calendar) in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  const heavy = await answer('getEntitlementSources', { userId: 'user_heavy' }, cookie);
  const light = await answer('getEntitlementSources', { userId: 'user_light' }, cookie);
  console.log(`entitlements: heavy account ${heavy.entitlements.length}, light account ${light.entitlements.length}`);

  const results = [
    ['GET /healthz (baseline)', await timeEach(() => fetch(`${site.url}/healthz`))],
    ['getCustomerAccount, heavy account (the account page)', await timeEach(() => call('getCustomerAccount', { userId: 'user_heavy' }, cookie))],
    ['getEntitlementSources, light account', await timeEach(() => call('getEntitlementSources', { userId: 'user_light' }, cookie))],
    ['getEntitlementSources, heavy account', await timeEach(() => call('getEntitlementSources', { userId: 'user_heavy' }, cookie))],
  ];
  const base = results[0][1];
  const page = results[1][1];
  console.log(`\n${REQUESTS} sequential requests each (ms):`);
  for (const [label, t] of results) {
    console.log(
      `  ${label.padEnd(54)} p50 ${t.p50.toFixed(1).padStart(6)}  p95 ${t.p95.toFixed(1).padStart(6)}  max ${t.max.toFixed(1).padStart(6)}  p50 ×healthz ${(t.p50 / base.p50).toFixed(1).padStart(5)}  p50 ×account page ${(t.p50 / page.p50).toFixed(2)}`,
    );
  }
  const explain = await pool.query(
    `explain (analyze, buffers, format text)
     select e.position from unnest(array['credits-user_heavy']) as w (stream_id) cross join lateral (
       select * from events where stream_id = w.stream_id and type = any(array['AddOnCreditsAdded','AddOnCreditsRemoved','IncludedCreditsCycleStarted'])) e`,
  );
  console.log(`\nthe heavy credit stream's read (${DEBITS} debits passed over):`);
  for (const row of explain.rows) console.log(`  ${row['QUERY PLAN']}`);
} finally {
  await pool.end();
  await site.stop();
  console.log(`\nload average at end: ${load()}`);
}

async function call(fn, payload, cookie) {
  const response = await fetch(`${site.url}/_serverFn/${fn}?payload=${encodeURIComponent(JSON.stringify(payload))}`, { headers: { cookie } });
  if (response.status !== 200) throw new Error(`${fn} answered ${response.status}: ${await response.text()}`);
  return response;
}

async function answer(fn, payload, cookie) {
  return (await (await call(fn, payload, cookie)).json()).result;
}

async function timeEach(request) {
  for (let i = 0; i < 10; i += 1) await (await request()).arrayBuffer();
  const times = [];
  for (let i = 0; i < REQUESTS; i += 1) {
    const started = performance.now();
    await (await request()).arrayBuffer();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length * 0.5)], p95: times[Math.floor(times.length * 0.95)], max: times.at(-1) };
}

/** Until the read models the streams are found by hold every seeded row. */
async function waitForProjection() {
  for (;;) {
    const { rows } = await pool.query(
      `select (select count(*) from rm_credit_usage where user_id = 'user_heavy')::int as debits,
              (select count(*) from rm_session_bookings where status = 'confirmed')::int as bookings,
              (select count(*) from rm_licenses)::int as licenses,
              (select count(*) from rm_resource_access)::int as resources`,
    );
    const r = rows[0];
    if (r.debits === DEBITS && r.bookings === OTHER_BOOKINGS + 5 && r.licenses === 2 && r.resources === 20) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One stream's events, appended in order, each with metadata as a Stripe event's worker writes it. */
async function appendAll(streamId, events) {
  if (events.length === 0) return;
  await pool.query(
    `insert into events (stream_id, stream_version, type, schema_version, data, metadata)
     select $1, coalesce((select max(stream_version) from events where stream_id = $1), 0) + n, t, v, d, jsonb_build_object('correlationId', 'evt_bench_' || $1 || n, 'causationId', 'evt_bench_' || $1 || n, 'actor', jsonb_build_object('kind', 'stripe'))
     from unnest($2::text[], $3::int[], $4::jsonb[]) with ordinality as e (t, v, d, n)`,
    [streamId, events.map((e) => e.type), events.map((e) => e.version ?? 1), events.map((e) => JSON.stringify(e.data))],
  );
}

function purchase(userId, checkoutRef, resourceId, title, amountCents) {
  return {
    type: 'PurchaseCompleted',
    data: {
      checkoutRef,
      checkoutSessionId: `cs_${checkoutRef}`,
      userId,
      email: `${userId}@example.com`,
      resourceId,
      resourceType: 'product',
      title,
      quantity: 1,
      amountCents,
      currency: 'usd',
      mode: 'payment',
      customerId: `cus_${userId}`,
      paymentIntentId: `pi_${checkoutRef}`,
      subscriptionId: null,
      completedAt: at(),
    },
  };
}

async function seedAccount(userId, { resources, debits, bookings }) {
  const licenseRef = `lic_${userId}`;
  await appendAll(`checkout-${licenseRef}`, [purchase(userId, licenseRef, 'lifetime-license', 'Lifetime license', 19900)]);
  await appendAll(`license-${licenseRef}`, [
    {
      type: 'LicenseGranted',
      data: {
        licenseId: licenseRef,
        userId,
        email: `${userId}@example.com`,
        resourceId: 'lifetime-license',
        plan: 'lifetime',
        kind: 'lifetime',
        seats: 1,
        devicesPerSeat: 5,
        includedCreditsPerMonth: 0,
        keySealed: 'sealed',
        keyHash: `hash-${userId}`,
        keyHint: 'AB12',
        source: { checkoutRef: licenseRef, subscriptionId: null },
        validUntil: null,
        grantedAt: at(),
      },
    },
  ]);
  for (let i = 0; i < resources; i += 1) {
    const ref = `res_${userId}_${i}`;
    await appendAll(`checkout-${ref}`, [
      purchase(userId, ref, `resource-${i}`, `Resource ${i}`, 1200),
      { type: 'ResourceAccessGranted', data: { userId, resourceId: `resource-${i}`, source: 'purchase', sourceRef: ref, at: at(1) } },
    ]);
  }
  if (debits > 0) {
    const packRef = `pack_${userId}`;
    await appendAll(`checkout-${packRef}`, [purchase(userId, packRef, 'api-credits', 'Credits', 900)]);
    const packId = `checkout:${packRef}`;
    const events = [{ type: 'AddOnCreditsAdded', data: { userId, packId, resourceId: 'api-credits', title: 'Credits', credits: 1_000_000, at: at(2) } }];
    for (let i = 0; i < debits; i += 1) {
      events.push({
        type: 'CreditsDebited',
        version: 2,
        data: {
          userId,
          entryId: `entry_${userId}_${i}`,
          requestId: `req_${userId}_${i}`,
          licenseId: licenseRef,
          cycleStart: at(),
          endpoint: '/api/v1/chat',
          usageKind: 'request',
          credits: 1,
          fromIncluded: 0,
          fromPacks: [{ packId, credits: 1 }],
          includedBefore: 0,
          addOnBefore: 1_000_000 - i,
          measures: null,
          at: at(3),
        },
      });
    }
    for (let i = 0; i < events.length; i += 2000) await appendAll(`credits-${userId}`, events.slice(i, i + 2000));
  }
  for (let i = 0; i < bookings; i += 1) await appendAll(`host-calendar-${HOST}`, booking(userId, `bk_${userId}_${i}`, i));
}

function booking(customerUserId, bookingId, i) {
  const start = new Date(Date.now() + (i + 1) * 3_600_000).toISOString();
  const end = new Date(Date.now() + (i + 1) * 3_600_000 + 1_800_000).toISOString();
  const details = {
    sessionTypeId: 'intro',
    sessionTitle: 'Intro call',
    minutes: 30,
    hostName: 'Bench Host',
    meetingUrl: null,
    customerEmail: `${customerUserId}@example.com`,
    customerName: null,
    customerTimeZone: 'UTC',
    checkoutRef: `ref_${bookingId}`,
    amountCents: 5000,
    currency: 'usd',
  };
  return [
    { type: 'SlotHeld', data: { hostUserId: HOST, holdId: bookingId, customerUserId, start, end, expiresAt: end, details, at: at(4) } },
    { type: 'BookingConfirmed', data: { hostUserId: HOST, bookingId, customerUserId, start, end, details, paymentIntentId: null, at: at(5) } },
  ];
}

async function seedOtherBookings(n) {
  const events = [];
  for (let i = 0; i < n; i += 1) events.push(...booking(`user_other_${i}`, `bk_other_${i}`, 10 + i));
  for (let i = 0; i < events.length; i += 2000) await appendAll(`host-calendar-${HOST}`, events.slice(i, i + 2000));
}
