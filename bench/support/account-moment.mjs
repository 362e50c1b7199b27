// The account at a moment (getAccountAtMoment) for one account with 10,000 events. The events are
// made by the modules' own deciders (so every one decodes as the fold will read it) and appended
// through the event store, the site's projectors build the read models that link the streams to
// the account, then the server function is timed over HTTP, one request at a time, beside GET
// /healthz and the account page's "now" (getCustomerAccount) in the same run. Target: p95 under 300 ms.
//
//   import { benchAccountMoment } from './support/account-moment.mjs': given the bench site (with an
//   ADMIN_TOKEN) and a pg pool on its database; returns the rows it printed.
//   node bench/support/account-moment.mjs: starts its own site the way bench/support.bench.mjs does.
//   "first look": the whole log read, decoded and folded (one sample: it is kept after); "kept": the same
//   account looked at again (checked unchanged); "after an event was added": one added before each
//   request (not timed), so what its stream gained is read and folded on.
//   BENCH_MOMENT_EVENTS (10000), BENCH_MOMENT_REQUESTS per row (100)
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startBenchSite } from './site.mjs';

const require = createRequire(import.meta.url);
const root = fileURLToPath(new URL('../..', import.meta.url));
const dist = (path) => require(join(root, 'dist/app/backend/src', path));

const TARGET_MS = 300;
const HOUR = 3_600_000;
const APPEND_BATCH = 500;
const PROJECTORS = ['LicensesProjector', 'LicenseDevicesProjector', 'CreditsProjector', 'PurchasesProjector', 'SessionBookingsProjector'];

const loads = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

export async function benchAccountMoment({ site, pool, adminToken, events = 10_000, requests = 100 }) {
  const loadAtStart = loads();
  // In this order: each index loads its module's Nest wiring, and these reach one another.
  const { hostCalendarDecider, bookingEvents } = dist('modules/booking/index.js');
  const { checkoutDecider, purchaseEvents } = dist('modules/checkout/index.js');
  const { creditLedgerDecider, creditEvents } = dist('modules/credits/index.js');
  const { deviceDecider, deviceEvents } = dist('modules/devices/index.js');
  const { licenseDecider, licenseEvents } = dist('modules/licenses/index.js');
  const { EventRegistry } = dist('events/event-registry.js');
  const { EventStore } = dist('events/event-store.js');

  const userId = `user_moment_bench_${randomUUID().slice(0, 8)}`;
  const store = new EventStore(pool, new EventRegistry().register(...licenseEvents, ...deviceEvents, ...creditEvents, ...purchaseEvents, ...bookingEvents));
  const streams = new Map();
  const command = (streamId, decider, cmd) => {
    const stream = streams.get(streamId) ?? { decider, state: decider.initialState(), pending: [] };
    for (const event of decider.decide(cmd, stream.state)) {
      stream.state = decider.evolve(stream.state, event);
      stream.pending.push(event);
    }
    streams.set(streamId, stream);
  };
  const total = () => [...streams.values()].reduce((sum, s) => sum + s.pending.length, 0);

  // A year of a heavy user: a team license, seats and devices coming and going, purchases, booked
  // sessions, and credits spent every day (the bulk of it), cycle by cycle.
  const start = Date.now() - 365 * 24 * HOUR;
  const at = (hours) => new Date(start + hours * HOUR).toISOString();
  const licenseId = `lic_${userId}`;
  command(`license-${licenseId}`, licenseDecider, {
    type: 'GrantLicense',
    license: {
      licenseId,
      userId,
      email: `${userId}@example.com`,
      resourceId: 'team-license',
      plan: 'team',
      kind: 'lifetime',
      seats: 5,
      devicesPerSeat: 3,
      includedCreditsPerMonth: 10_000,
      keySealed: 'sealed',
      keyHash: `hash-${licenseId}`,
      keyHint: 'BE7C',
      source: { checkoutRef: null, subscriptionId: null },
      validUntil: null,
      grantedAt: at(0),
    },
  });
  for (let n = 0; n < 20; n += 1) {
    const email = `seat${n}-${userId}@example.com`;
    const seat = {
      type: 'AssignSeat',
      ownerUserId: userId,
      ownerName: 'Bench',
      planTitle: 'Team',
      email,
      seatKey: { sealed: 's', hash: `seat-${n}-${licenseId}`, hint: 'SEAT' },
    };
    command(`license-${licenseId}`, licenseDecider, { ...seat, at: at(24 * n + 1) });
    if (n < 17) command(`license-${licenseId}`, licenseDecider, { type: 'RemoveSeat', ownerUserId: userId, email, at: at(24 * n + 12) });
  }
  for (let n = 0; n < 100; n += 1) {
    const deviceHash = n.toString(16).padStart(64, '0');
    command(`license-devices-${licenseId}`, deviceDecider, {
      type: 'ActivateDevice',
      licenseId,
      seat: 'owner',
      deviceHash,
      name: `Device ${n}`,
      pluginVersion: '4.1.0',
      devicesPerSeat: 3,
      at: at(72 * n + 2),
    });
    if (n < 98) command(`license-devices-${licenseId}`, deviceDecider, { type: 'ReleaseDevice', licenseId, deviceHash, byUserId: userId, at: at(72 * n + 3) });
  }
  for (let n = 0; n < 40; n += 1) {
    const ref = `bench-${userId}-${n}`;
    const session = {
      checkoutRef: ref,
      checkoutSessionId: `cs_${ref}`,
      userId,
      email: null,
      resourceId: `course-${n % 8}`,
      quantity: 1,
      amountCents: 2_900,
      currency: 'usd',
      mode: 'payment',
      paymentStatus: 'paid',
      customerId: null,
      paymentIntentId: `pi_${ref}`,
      subscriptionId: null,
    };
    const stream = `checkout-${ref}`;
    command(stream, checkoutDecider, {
      type: 'OpenCheckout',
      pending: {
        pendingPaymentId: `pp-${ref}`,
        userId,
        resourceId: session.resourceId,
        quantity: 1,
        kind: 'checkout',
        amountCents: 2_900,
        currency: 'usd',
        payUrl: null,
        checkoutSessionId: session.checkoutSessionId,
        expiresAt: null,
        openedAt: at(200 * n + 5),
      },
    });
    command(stream, checkoutDecider, {
      type: 'CompleteCheckout',
      session,
      resource: { type: 'course', title: `Course ${n}`, grantsAccess: true },
      at: at(200 * n + 5.1),
    });
    if (n % 10 === 3)
      command(stream, checkoutDecider, { type: 'RefundPurchase', chargeId: `ch_${ref}`, amountRefundedCents: 2_900, full: true, at: at(200 * n + 30) });
  }
  const hostUserId = `host_${userId}`;
  for (let n = 0; n < 25; n += 1) {
    const holdId = `booking-${userId}-${n}`;
    const sessionStart = start + (300 * n + 100) * HOUR;
    command(`host-calendar-${hostUserId}`, hostCalendarDecider, {
      type: 'HoldSlot',
      hostUserId,
      holdId,
      customerUserId: userId,
      start: new Date(sessionStart).toISOString(),
      end: new Date(sessionStart + HOUR / 2).toISOString(),
      bufferMinutes: 15,
      expiresAt: at(300 * n + 6.5),
      details: {
        sessionTypeId: 'intro',
        sessionTitle: 'Intro call',
        minutes: 30,
        hostName: 'Bench Host',
        meetingUrl: null,
        customerEmail: null,
        customerName: null,
        customerTimeZone: 'UTC',
        checkoutRef: `session-${holdId}`,
        amountCents: 5_000,
        currency: 'usd',
      },
      at: at(300 * n + 6),
    });
    command(`host-calendar-${hostUserId}`, hostCalendarDecider, {
      type: 'ConfirmBooking',
      hostUserId,
      holdId,
      paymentIntentId: null,
      bufferMinutes: 15,
      at: at(300 * n + 6.2),
    });
  }
  const credits = `credits-${userId}`;
  for (let n = 0; n < 12; n += 1)
    command(credits, creditLedgerDecider, {
      type: 'AddCreditPack',
      userId,
      packId: `pack-${userId}-${n}`,
      resourceId: 'credits-5k',
      title: '5,000 credits',
      credits: 5_000,
      at: at(730 * n + 7),
    });
  // Debits fill what is left: each month's cycle brings its IncludedCreditsCycleStarted with its first debit.
  const debits = Math.max(0, events - total());
  for (let n = 0; n < debits; n += 1) {
    const hours = 8 + (n * (364 * 24 - 16)) / Math.max(1, debits);
    const month = Math.floor(hours / 730);
    const cycle = { licenseId, cycleStart: at(730 * month), cycleEnd: at(730 * (month + 1)), allowance: 10_000 };
    command(credits, creditLedgerDecider, {
      type: 'DebitCredits',
      userId,
      entryId: `use-${userId}-${n}`,
      requestId: `req-${userId}-${n}`,
      cycle,
      endpoint: '/chat',
      usageKind: 'agent_turn',
      credits: 1 + (n % 3),
      measures: null,
      at: at(hours),
    });
    if (total() >= events) break;
  }

  const written = performance.now();
  let head = 0n;
  for (const [streamId, stream] of streams) {
    for (let from = 0; from < stream.pending.length; from += APPEND_BATCH) {
      const metadata = { correlationId: randomUUID(), causationId: null, actor: { kind: 'system' } };
      const outcome = await store.append(streamId, 'any', stream.pending.slice(from, from + APPEND_BATCH), metadata);
      head = outcome.positions.at(-1);
    }
  }
  const appendSeconds = (performance.now() - written) / 1000;
  const eventCount = total();
  for (;;) {
    const { rows } = await pool.query('select min(position)::text as position, count(*)::int as n from projector_checkpoints where name = any($1)', [
      PROJECTORS,
    ]);
    if (rows[0].n === PROJECTORS.length && BigInt(rows[0].position ?? 0) >= head) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const projectedSeconds = (performance.now() - written) / 1000;
  const middle = (
    await pool.query(`select position::text from events where stream_id = $1 order by stream_version offset $2 limit 1`, [credits, Math.floor(debits / 2)])
  ).rows[0].position;
  const middleAt = (await pool.query('select recorded_at from events where position = $1', [middle])).rows[0].recorded_at.toISOString();
  await pool.query('analyze events');

  const signIn = await fetch(`${site.url}/admin/session`, { method: 'POST', body: new URLSearchParams({ token: adminToken }), redirect: 'manual' });
  const cookie = (signIn.headers.get('set-cookie') ?? '').split(';')[0];
  if (!cookie) throw new Error('admin sign-in gave no cookie');
  const fn = (id, payload) => () => fetch(`${site.url}/_serverFn/${id}?payload=${encodeURIComponent(JSON.stringify(payload))}`, { headers: { cookie } });

  // The first look at the account: its whole log read, decoded and folded (one sample of it per run).
  const firstLook = performance.now();
  const check = await (await fn('getAccountAtMoment', { userId, position: middle })()).json();
  const firstLookMs = performance.now() - firstLook;
  if (check.result?.eventsNow !== eventCount)
    throw new Error(`getAccountAtMoment folded ${check.result?.eventsNow} events, expected ${eventCount}: ${JSON.stringify(check).slice(0, 300)}`);

  const healthz = () => fetch(`${site.url}/healthz`);
  await sequential(healthz, 20);
  const rows = [{ name: 'GET /healthz (baseline)', ...(await sequential(healthz, requests)) }];
  const timed = [
    ['getCustomerAccount (the page now, read models)', fn('getCustomerAccount', { userId })],
    ['getAccountAtMoment: at a position, mid-history (kept)', fn('getAccountAtMoment', { userId, position: middle })],
    ['getAccountAtMoment: at a time, mid-history (kept)', fn('getAccountAtMoment', { userId, at: middleAt })],
  ];
  for (const [name, call] of timed) {
    await sequential(call, 5);
    rows.push({ name, ...(await sequential(call, requests)) });
  }
  // Changed: an event added to the account before each request (not timed), so what its stream gained is read and folded on.
  let added = 0;
  const addPack = async () => {
    const cmd = {
      type: 'AddCreditPack',
      userId,
      packId: `late-${added}-${userId}`,
      resourceId: 'credits-1',
      title: '1 credit',
      credits: 1,
      at: new Date().toISOString(),
    };
    const outcome = await store.append(credits, 'any', creditLedgerDecider.decide(cmd, streams.get(credits).state), {
      correlationId: randomUUID(),
      causationId: null,
      actor: { kind: 'system' },
    });
    if (outcome.status !== 'appended') throw new Error('the late pack was not appended');
    added += 1;
  };
  const changed = fn('getAccountAtMoment', { userId, position: middle });
  rows.push({ name: 'getAccountAtMoment: at a position, after an event was added', ...(await sequential(changed, requests, addPack)) });
  rows.splice(2, 0, { name: 'getAccountAtMoment: first look (whole log read, 1 sample)', p50: firstLookMs, p95: firstLookMs, p99: firstLookMs });
  for (const r of rows) r.ratio = r.p50 / rows[0].p50;

  console.log(
    `\ngetAccountAtMoment for one account with ${eventCount.toLocaleString('en-US')} events (${check.result.eventsThen.toLocaleString('en-US')} before the mid-history position) on ${streams.size} streams, one more added before each request of the last row;`,
  );
  console.log(`appended through the event store in ${appendSeconds.toFixed(1)} s, projected by ${projectedSeconds.toFixed(1)} s`);
  console.log(`${requests} sequential requests per row over HTTP with the admin cookie; load average at start ${loadAtStart}, now ${loads()}\n`);
  console.log(
    `${'request'.padEnd(60)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'x healthz'.padStart(10)}  p95 < ${TARGET_MS} ms`,
  );
  for (const r of rows) {
    const verdict = r.name.startsWith('getAccountAtMoment') ? (r.p95 < TARGET_MS ? 'yes' : 'NO') : '';
    console.log(
      `${r.name.padEnd(60)} ${r.p50.toFixed(2).padStart(8)} ${r.p95.toFixed(2).padStart(8)} ${r.p99.toFixed(2).padStart(8)} ${r.ratio.toFixed(2).padStart(10)}  ${verdict}`,
    );
  }
  const sampled = rows.filter((r) => r.name.startsWith('getAccountAtMoment') && !r.name.includes('1 sample'));
  const worst = Math.max(...sampled.map((r) => r.p95));
  console.log(
    `\nTarget: account-at-a-moment p95 under ${TARGET_MS} ms at ${eventCount.toLocaleString('en-US')} events. Worst p95 of ${requests} requests: ${worst.toFixed(2)} ms → ${worst < TARGET_MS ? 'met' : 'NOT met'}; first look ${firstLookMs.toFixed(2)} ms (one sample).`,
  );
  console.log(`load average at end ${loads()}`);
  return rows;
}

async function sequential(request, total, before = async () => {}) {
  const latencies = [];
  for (let n = 0; n < total; n += 1) {
    await before();
    const t0 = performance.now();
    const response = await request(n);
    await response.arrayBuffer();
    if (response.status !== 200) throw new Error(`${response.url} answered ${response.status}`);
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  const at = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

/** On a site of its own (with its projectors, which build the read models linking the streams to the account). */
export async function runAccountMomentBench() {
  const adminToken = 'bench-moment-admin-token-0123456789abcdef';
  const site = await startBenchSite({ ADMIN_TOKEN: adminToken });
  const pool = new pg.Pool({ connectionString: site.databaseUrl, max: 4 });
  try {
    return await benchAccountMoment({
      site,
      pool,
      adminToken,
      events: Number(process.env.BENCH_MOMENT_EVENTS ?? 10_000),
      requests: Number(process.env.BENCH_MOMENT_REQUESTS ?? 100),
    });
  } finally {
    await pool.end();
    await site.stop();
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runAccountMomentBench();
