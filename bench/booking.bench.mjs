// 1-on-1 booking: open-slot computation for a host with a year of history, and holds under
// contention. Four parts, each beside a baseline measured in the same run:
//   1. openSlots (pure, in process) for a Europe/Berlin host (weekdays 09:00–17:00, a few
//      overrides, 15 min buffer, 12 h notice) over 28 and 180 days, with no busy times, with the
//      ~200 upcoming bookings (what the service passes: busy times ending after now) and with the
//      whole year's 2,200 bookings, as if they were not filtered.
//   2. getSessionsPageData over HTTP (one client, sequential) beside /healthz, before and after a
//      year of bookings is written into the site's rm_session_bookings with SQL.
//   3. bookSession over HTTP as signed-in customers (one account per concurrent request, each
//      released between phases, since a customer holds at most 3 times at once): rounds of N concurrent
//      requests for the SAME slot (exactly one 200, the rest 409 booking.slot_taken), and rounds
//      of N for DIFFERENT slots (all 200). Each hold also opens a Checkout on the Stripe emulator.
//   4. The calendar command alone (runCommand + hostCalendarDecider on the built EventStore, a
//      database of its own; no HTTP, no Stripe): the same rounds on one host's stream and spread
//      over one stream per host, each on two paths side by side: optimistic (before issue 19:
//      in-process lanes, then version conflicts and 20 retries between processes) and serialized
//      (SerializedStreams: the lane, then the calendar's advisory lock), with every contender a
//      process of its own and with 3 processes; counting holds granted, false refusals, version
//      conflicts and time. Then single holds on a fresh stream (both paths) and on a host stream
//      that holds a year of history, which every uncached command reads and folds in full.
// BENCH_CONTENDERS (default 50), BENCH_CONTENDED_SLOTS (4) and BENCH_SPREAD_ROUNDS (1) size parts 3 and 4:
// on the optimistic path a round of different slots on one host costs ~10× a round on one slot (a
// loser on one slot is refused after one more read; a loser on a free slot reads and appends
// again, up to 20 times), so it gets one round by default, to keep the whole run within a few minutes.
// Under this load the site (api and worker pools) holds ~50 Postgres connections. Other runs share
// the server, so before starting the site and before each hold case the bench waits (up to 60 s)
// for 30 to be free, and it reports the most the site held and its logged errors behind any 500.
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, loadavg } from 'node:os';
import { Redis } from 'ioredis';
import { DateTime } from 'luxon';
import pg from 'pg';
import { withAdmin } from './support/site.mjs';
import { callFn, signUpOverHttp } from './support/site-accounts.mjs';
import { startLoggedBenchSite } from './support/logged-site.mjs';

const require = createRequire(import.meta.url);
const dist = (path) => require(`../dist/app/backend/src/${path}`);
const { openSlots } = dist('modules/availability/open-slots.js');
const { hostCalendarDecider } = dist('modules/booking/booking.decider.js');
const { SlotTakenError } = dist('modules/booking/booking.errors.js');
const { bookingEvents, hostCalendarStreamId } = dist('modules/booking/booking.events.js');
const { runCommand, StreamStateCache } = dist('events/command-runner.js');
const { EventRegistry } = dist('events/event-registry.js');
const { EventStore } = dist('events/event-store.js');
const { StreamVersionConflictError } = dist('events/event-store.errors.js');
const { KeyedLanes } = dist('events/keyed-lanes.js');
const { SerializedStreams, StreamBusyError } = dist('events/serialized-streams.js');
const { prepareDatabase } = dist('prepare-database.js');

const CONTENDERS = Number(process.env.BENCH_CONTENDERS ?? 50);
const CONTENDED_SLOTS = Number(process.env.BENCH_CONTENDED_SLOTS ?? 4); // rounds of CONTENDERS on one slot each
const SPREAD_ROUNDS = Number(process.env.BENCH_SPREAD_ROUNDS ?? 1); // rounds of CONTENDERS on different slots of one host
const PAST_SESSIONS = 2_000; // confirmed, over the last 365 days
const PAST_ABANDONED = 300; // holds released when the checkout expired
const UPCOMING = 200; // confirmed, over the next ~170 days
const PAGE_REQUESTS = 40;
const RETRIES = 20; // what the calendar commands retried before they were serialized (issue 19)
const LOCK_WAIT_MS = 5_000; // STREAM_LOCK_WAIT_MS's default
const ZONE = 'Europe/Berlin';
const HOUR = 3_600_000;
const HOST_EMAIL = 'host@example.com';
const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const queuePrefix = `bench_booking_${randomBytes(4).toString('hex')}`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const benchStarted = performance.now();
const loadAtStart = loadavg()[0];
/** BookingReads.busy's query. */
const BUSY_SQL = `select start_at, end_at from rm_session_bookings
  where host_user_id = $1 and end_at > $2 and (status = 'confirmed' or (status = 'held' and hold_expires_at > $3)) and booking_id <> $4`;
const systemMeta = () => ({ correlationId: randomUUID(), causationId: null, actor: { kind: 'system' } });

// ---- The host's schedule and a year of history (seeded, so every run books the same times) ----
const now = new Date();
const today = DateTime.fromJSDate(now, { zone: ZONE }).startOf('day');
const dateOf = (days) => today.plus({ days }).toISODate();
const nine2five = [{ start: '09:00', end: '17:00' }];
const firstSaturdayAfter = (days) => today.plus({ days: days + ((6 - today.plus({ days }).weekday + 7) % 7) }).toISODate();
const overrides = {
  [dateOf(9)]: [],
  [dateOf(16)]: [{ start: '09:00', end: '12:00' }],
  [dateOf(23)]: [
    { start: '09:00', end: '12:00' },
    { start: '13:00', end: '17:00' },
  ],
  [firstSaturdayAfter(30)]: [{ start: '10:00', end: '14:00' }],
  [dateOf(40)]: [],
  [dateOf(75)]: [{ start: '12:00', end: '17:00' }],
};
const schedule = (horizonDays) => ({
  timeZone: ZONE,
  weekly: { 1: nine2five, 2: nine2five, 3: nine2five, 4: nine2five, 5: nine2five, 6: [], 7: [] },
  overrides,
  bufferMinutes: 15,
  minimumNoticeMinutes: 720,
  horizonDays,
  meetingUrl: 'https://meet.example.com/bench-host',
});

const random = mulberry32(20261123);
const shuffled = (list) =>
  list
    .map((x) => [random(), x])
    .sort((a, b) => a[0] - b[0])
    .map(([, x]) => x);
/** Starts (ms) on weekday `times` in the host's zone, from `fromDay` to `toDay` (days from today), skipping override days. */
function weekdayStarts(fromDay, toDay, times) {
  const starts = [];
  for (let day = fromDay; day <= toDay; day += 1) {
    const date = today.plus({ days: day });
    if (date.weekday > 5 || overrides[date.toISODate()]) continue;
    for (const time of times) starts.push(DateTime.fromISO(`${date.toISODate()}T${time}`, { zone: ZONE }).toMillis());
  }
  return starts;
}
const halfHours = Array.from({ length: 15 }, (_, i) => `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`); // 09:00 … 16:00
const hours = Array.from({ length: 7 }, (_, i) => `${String(9 + i).padStart(2, '0')}:00`); // 09:00 … 15:00
const pastStarts = shuffled(weekdayStarts(-365, -1, halfHours)).slice(0, PAST_SESSIONS + PAST_ABANDONED);
const upcomingStarts = shuffled(weekdayStarts(2, 170, hours)).slice(0, UPCOMING);
const history = [
  ...pastStarts.map((start, n) => ({ start, status: n < PAST_SESSIONS ? 'confirmed' : 'released' })),
  ...upcomingStarts.map((start) => ({ start, status: 'confirmed' })),
]
  .map((b, n) => {
    const minutes = random() < 0.6 ? 30 : 60;
    return { ...b, n, minutes, end: b.start + minutes * 60_000, at: b.start - (1 + Math.floor(random() * 20)) * 86_400_000 };
  })
  .sort((a, b) => a.at - b.at);
const asBusy = (rows) => rows.map((b) => ({ start: new Date(b.start), end: new Date(b.end) }));
const busyUpcoming = asBusy(history.filter((b) => b.status === 'confirmed' && b.end > now.getTime()));
const busyYear = asBusy(history.filter((b) => b.status === 'confirmed'));

let failed = false;
const problems = [];
const check = (ok, message) => {
  if (!ok) {
    failed = true;
    problems.push(message);
  }
};

// ---- 1. openSlots in process ----
const pure = [];
for (const horizon of [28, 180]) {
  const cases = timeOpenSlots(schedule(horizon), [
    [`${horizon} days, no busy times (baseline)`, []],
    [`${horizon} days, upcoming bookings (as the service passes)`, busyUpcoming],
    [`${horizon} days, the whole year unfiltered`, busyYear],
  ]);
  for (const r of cases) pure.push({ ...r, ratio: r.p50 / cases[0].p50 });
}
const pureSecondsEnd = performance.now();

// ---- 2. and 3. against the started site ----
let site;
let db;
let freeAtStart;
const pages = [];
const holds = [];
let historyNote;
let planNote;
let streamNote;
let hostUserId;
try {
  freeAtStart = await withAdmin((c) => waitForFreeConnections(c));
  // Loopback's X-Forwarded-For counts: each customer signs up from an address of its own (30 codes per address an hour).
  site = await startLoggedBenchSite({ LOCAL_ADMIN_EMAILS: HOST_EMAIL, QUEUE_PREFIX: queuePrefix, TRUST_PROXY: 'loopback' });
  db = new pg.Client({ connectionString: site.databaseUrl });
  await db.connect();
  const hostCookie = await signUpOverHttp(site.url, queuePrefix, HOST_EMAIL, 'Hannah Host');
  const customers = [];
  // One account per concurrent request: a customer holds at most 3 times at once (MAX_OPEN_HOLDS).
  for (let i = 0; i < CONTENDERS; i += 1)
    customers.push(
      await signUpOverHttp(site.url, queuePrefix, `customer${i}@example.com`, `Customer ${i}`, {
        forwardedFor: `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      }),
    );
  const releaseAll = () => Promise.all(customers.map((cookie) => callFn(site.url, 'releaseSessionHold', {}, { cookie })));
  const save = async (horizon) => {
    const saved = await callFn(site.url, 'saveHostAvailability', { schedule: schedule(horizon) }, { cookie: hostCookie });
    if (!saved.result?.saved) throw new Error(`saveHostAvailability refused: ${JSON.stringify(saved.error)}`);
  };
  await save(28);
  hostUserId = (await db.query('select host_user_id from rm_host_availability')).rows[0].host_user_id;

  // 2. Page data, signed out, one request at a time.
  const healthz = () => fetch(`${site.url}/healthz`);
  const pageData = () => fetch(`${site.url}/_serverFn/getSessionsPageData?payload=${encodeURIComponent('{}')}`);
  await sequential(healthz, 50);
  const baseline = await sequential(healthz, 200);
  pages.push({ name: 'GET /healthz (baseline)', ...baseline });
  const measurePage = async (name) => {
    await sequential(pageData, 5);
    const r = await sequential(pageData, PAGE_REQUESTS);
    const body = await (await pageData()).json();
    pages.push({ name, ...r, slots: body.result.sessionTypes.map((t) => t.slots.length).join(' + ') });
    return r;
  };
  const empty28 = await measurePage('page data, 28 days, no bookings');
  await save(180);
  const empty180 = await measurePage('page data, 180 days, no bookings');
  const inserted = await insertHistory(db, hostUserId);
  await db.query('analyze rm_session_bookings');
  const full180 = await measurePage('page data, 180 days, a year of bookings');
  await save(28);
  const full28 = await measurePage('page data, 28 days, a year of bookings');
  for (const r of pages) r.ratio = r.p50 / baseline.p50;
  pages.find((r) => r.name.endsWith('28 days, a year of bookings')).vsEmpty = full28.p50 / empty28.p50;
  pages.find((r) => r.name.endsWith('180 days, a year of bookings')).vsEmpty = full180.p50 / empty180.p50;
  const busyRows = (await db.query(BUSY_SQL, [hostUserId, now, now, ''])).rowCount;
  historyNote = `${inserted} rows written into rm_session_bookings for the host (${PAST_SESSIONS} past sessions, ${PAST_ABANDONED} released holds, ${UPCOMING} upcoming); the busy-time read returns ${busyRows} of them`;
  const plan = (await db.query(`explain (analyze, format json) ${BUSY_SQL}`, [hostUserId, now, now, ''])).rows[0]['QUERY PLAN'][0];
  const scan = findScan(plan.Plan);
  planNote = `busy-time query plan: ${scan['Node Type']}${scan['Index Name'] ? ` using ${scan['Index Name']}` : ''}, ${scan['Actual Rows']} rows, ${plan['Execution Time'].toFixed(2)} ms`;

  // 3. Holds. Open 30-minute slots on the hour (30 min + 15 min buffer apart: none blocks another).
  await save(180);
  const open = (await callFn(site.url, 'getSessionsPageData', {}, { method: 'GET' })).result.sessionTypes.find((t) => t.id === 'setup-session-30').slots;
  const hourly = open.map((s) => s.start).filter((start) => start.slice(14, 16) === '00');
  const needed = customers.length + CONTENDED_SLOTS + SPREAD_ROUNDS * CONTENDERS;
  if (hourly.length < needed) throw new Error(`only ${hourly.length} open hourly slots, ${needed} needed: lower BENCH_SPREAD_ROUNDS or BENCH_CONTENDERS`);
  let nextSlot = 0;
  const take = (n) => hourly.slice(nextSlot, (nextSlot += n));
  const book = async (cookie, start) => {
    const t0 = performance.now();
    const answer = await callFn(site.url, 'bookSession', { sessionTypeId: 'setup-session-30', hostUserId, start, timeZone: ZONE }, { cookie });
    return { status: answer.status, code: answer.error?.code, ms: performance.now() - t0 };
  };
  // Warm-up: each customer's first hold also makes their Stripe customer.
  for (const [i, start] of take(customers.length).entries()) check((await book(customers[i], start)).status === 200, 'a warm-up hold was refused');
  await releaseAll();

  const contended = take(CONTENDED_SLOTS);
  let connections = await waitForFreeConnections(db);
  let logMark = site.errorsSince().length;
  const contention = await holdRounds(book, customers, CONTENDED_SLOTS, (round) => Array(CONTENDERS).fill(contended[round]), { countRollbacks: true });
  for (const [round, answers] of contention.byRound.entries()) {
    const won = answers.filter((a) => a.status === 200).length;
    const taken = answers.filter((a) => a.status === 409 && a.code === 'booking.slot_taken').length;
    check(won === 1 && taken === CONTENDERS - 1, `slot ${contended[round]}: ${won} × 200 and ${taken} × 409 booking.slot_taken of ${CONTENDERS}`);
  }
  const heldPerSlot = (
    await db.query(`select data->>'start' as start, count(*)::int as n from events where type = 'SlotHeld' and data->>'start' = any($1) group by 1`, [
      contended,
    ])
  ).rows;
  check(heldPerSlot.length === CONTENDED_SLOTS && heldPerSlot.every((r) => r.n === 1), `SlotHeld per contended slot: ${JSON.stringify(heldPerSlot)}`);
  holds.push({ name: `same slot: ${CONTENDED_SLOTS} slots × ${CONTENDERS} concurrent`, ...contention, connections, errors: site.errorsSince(logMark) });
  await releaseAll();

  const spreadStarts = take(SPREAD_ROUNDS * CONTENDERS);
  connections = await waitForFreeConnections(db);
  logMark = site.errorsSince().length;
  const spread = await holdRounds(book, customers, SPREAD_ROUNDS, (round) => spreadStarts.slice(round * CONTENDERS, (round + 1) * CONTENDERS), {
    countRollbacks: true,
  });
  check(
    spread.answers.every((a) => a.status === 200),
    `different slots: ${describe(spread.answers)} (all should be 200)`,
  );
  holds.push({ name: `different slots: ${SPREAD_ROUNDS} × ${CONTENDERS} concurrent`, ...spread, connections, errors: site.errorsSince(logMark) });
  const streamLength = (await db.query('select count(*)::int as n from events where stream_id = $1', [hostCalendarStreamId(hostUserId)])).rows[0].n;
  streamNote = `the host's calendar stream held ${streamLength} events at the end (only what this run booked: the history above is in the read model alone)`;
} finally {
  await db?.end().catch(() => undefined);
  await site?.stop();
  await dropRedisKeys();
}

// ---- 4. The calendar command alone ----
const raw = [];
const rawSingles = [];
const rawUrl = await freshDatabase();
let longRounds;
let seedNote;
try {
  await prepareDatabase({ DATABASE_URL: rawUrl });
  const pool = new pg.Pool({ connectionString: rawUrl, max: 8 });
  pool.on('error', () => undefined); // an idle client told to go when the database is dropped
  const store = new EventStore(pool, new EventRegistry().register(...bookingEvents));
  const counts = { commands: 0, reads: 0, eventsRead: 0, conflicts: 0 };
  const resetCounts = () => Object.assign(counts, { commands: 0, reads: 0, eventsRead: 0, conflicts: 0 });
  /** `s` with its reads, events read and lost races counted; so are its transaction-bound copies (SerializedStreams'). */
  const countedStore = (s) => ({
    readStream: async (...args) => {
      counts.reads += 1;
      const events = await s.readStream(...args);
      counts.eventsRead += events.length;
      return events;
    },
    append: async (...args) => {
      try {
        return await s.append(...args);
      } catch (error) {
        if (error instanceof StreamVersionConflictError) counts.conflicts += 1;
        throw error;
      }
    },
    inTransactionOn: (client) => countedStore(s.inTransactionOn(client)),
    wakeProjectors: () => s.wakeProjectors(),
    get appended() {
      return s.appended;
    },
  });
  const counted = countedStore(store);
  const base = Math.ceil((Date.now() + 2 * 86_400_000) / HOUR) * HOUR;
  // For the host with history: 00:00–05:00 UTC, hours its history (09:00–17:00 Berlin) never touches.
  const nights = Math.ceil(Date.now() / 86_400_000 + 2) * 86_400_000;
  const nightSlot = (k) => nights + Math.floor(k / 6) * 86_400_000 + (k % 6) * HOUR;
  /**
   * One api process's way to run the hold command, with its own lanes and cache. `optimistic` is the
   * site before issue 19: a lane per calendar in the process, then the stream's version decides
   * between processes, and 20 lost races were answered as "taken". `serialized` is the site now:
   * SerializedStreams, the lane and then the calendar's advisory lock (bound: the site's default).
   */
  const apiProcess = (path, { cache, lanes = true } = {}) => {
    if (path === 'serialized') {
      const streams = new SerializedStreams(counted, pool, LOCK_WAIT_MS);
      return (host, start) =>
        runCommand({
          serialize: streams,
          streamId: hostCalendarStreamId(host),
          decider: hostCalendarDecider,
          command: holdCommand(host, start),
          metadata: systemMeta(),
          cache,
        });
    }
    const lane = new KeyedLanes();
    const run = (host, start) =>
      runCommand({
        store: counted,
        streamId: hostCalendarStreamId(host),
        decider: hostCalendarDecider,
        command: holdCommand(host, start),
        metadata: systemMeta(),
        retries: RETRIES,
        cache,
      });
    return lanes ? (host, start) => lane.run(hostCalendarStreamId(host), () => run(host, start)) : run;
  };
  /** A hold's answer: granted, taken (the decider said so), or refused for want of a turn (false: the slot may be free). */
  const hold = async (run, host, start) => {
    const t0 = performance.now();
    counts.commands += 1;
    try {
      await run(host, start);
      return { status: 200, ms: performance.now() - t0 };
    } catch (error) {
      if (error instanceof SlotTakenError) return { status: 409, code: 'taken', ms: performance.now() - t0 };
      if (error instanceof StreamVersionConflictError) return { status: 409, code: 'retries exhausted', ms: performance.now() - t0 };
      if (error instanceof StreamBusyError) return { status: 503, code: 'busy', ms: performance.now() - t0 };
      throw error;
    }
  };
  const FALSE_REFUSALS = new Set(['retries exhausted', 'busy']);
  /** `rounds` rounds of CONTENDERS holds at once on `path`, contender i in process i % processes; each path on hosts of its own. */
  const rawRounds = async (name, path, processes, rounds, pick) => {
    resetCounts();
    const apis = Array.from({ length: processes }, () => apiProcess(path, { cache: new StreamStateCache() }));
    const r = await holdRounds(
      (_, job) => hold(apis[job.i % processes], job.host, job.start),
      [null],
      rounds,
      (round) => Array.from({ length: CONTENDERS }, (_, i) => ({ ...pick(round, i, `${path}_${processes}`), i })),
    );
    const row = {
      name,
      path: `${path}, ${processes === CONTENDERS ? 'each contender its own process' : `${processes} processes`}`,
      ...r,
      seconds: r.answers.length / r.perSecond,
      granted: r.answers.filter((a) => a.status === 200).length,
      falseRefusals: r.answers.filter((a) => FALSE_REFUSALS.has(a.code)).length,
      conflicts: counts.conflicts,
      readsPer: counts.reads / counts.commands,
    };
    raw.push(row);
    return row;
  };
  /** The same rounds (the same times, on hosts of their own) on both paths, as many processes as contenders and as 3 apis. */
  const bothPaths = async (name, rounds, pick) => {
    const rows = [];
    for (const processes of [CONTENDERS, 3]) for (const path of ['optimistic', 'serialized']) rows.push(await rawRounds(name, path, processes, rounds, pick));
    return rows;
  };
  await rawRounds('warm-up', 'optimistic', CONTENDERS, 1, (round, i) => ({ host: `host_warm_${i}`, start: base + round * HOUR }));
  await rawRounds('warm-up', 'serialized', CONTENDERS, 1, (round, i) => ({ host: `host_warm_${i}`, start: base + (round + 1) * HOUR }));
  raw.length = 0;
  const same = await bothPaths(`same slot, one host: ${CONTENDED_SLOTS} slots × ${CONTENDERS}`, CONTENDED_SLOTS, (round, _, key) => ({
    host: `host_contended_${key}`,
    start: base + round * HOUR,
  }));
  for (const row of same)
    for (const answers of row.byRound) check(answers.filter((a) => a.status === 200).length === 1, `same slot, ${row.path}: not exactly one winner in a round`);
  const spread = await bothPaths(`different slots, one host: ${SPREAD_ROUNDS} × ${CONTENDERS}`, SPREAD_ROUNDS, (round, i, key) => ({
    host: `host_one_${key}`,
    start: base + (round * CONTENDERS + i) * HOUR,
  }));
  for (const row of spread.filter((r) => r.path.startsWith('serialized')))
    check(row.granted === row.answers.length, `different slots, ${row.path}: ${describe(row.answers)} (all should be granted)`);
  await rawRounds(`different slots, a host each: ${SPREAD_ROUNDS} × ${CONTENDERS}`, 'optimistic', CONTENDERS, SPREAD_ROUNDS, (round, i) => ({
    host: `host_${i}`,
    start: base + round * HOUR,
  }));
  await rawRounds(`different slots, a host each: ${SPREAD_ROUNDS} × ${CONTENDERS}`, 'serialized', CONTENDERS, SPREAD_ROUNDS, (round, i) => ({
    host: `host_${i}`,
    start: base + (round + 1) * HOUR,
  }));

  // A host whose stream holds a year of history: every hold reads and folds all of it.
  const seedStarted = performance.now();
  const yearEvents = await seedYearStream(store, 'host_year');
  seedNote = `host_year's stream: ${yearEvents} events (a hold and its outcome for each of the ${history.length} bookings above), appended in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`;
  const singles = async (name, host, { count, seconds, run, offset }) => {
    resetCounts();
    const answers = [];
    const started = performance.now();
    for (let i = 0; i < count && performance.now() - started < seconds * 1000; i += 1) answers.push(await hold(run, host, nightSlot(offset + i)));
    rawSingles.push({ name, ...percentiles(answers.map((a) => a.ms)), answers, eventsPer: counts.eventsRead / counts.commands });
  };
  await singles('fresh host stream (baseline)', 'host_fresh', { count: 100, seconds: 5, run: apiProcess('optimistic'), offset: 0 });
  await singles('fresh host stream, serialized (lock + transaction)', 'host_fresh_serialized', {
    count: 100,
    seconds: 5,
    run: apiProcess('serialized'),
    offset: 0,
  });
  await singles(`a year of history (${yearEvents} events)`, 'host_year', { count: 15, seconds: 5, run: apiProcess('optimistic'), offset: 0 });
  const cached = apiProcess('optimistic', { cache: new StreamStateCache() });
  await hold(cached, 'host_year', nightSlot(999)); // fills the cache
  await singles('a year of history, runCommand with a StreamStateCache', 'host_year', { count: 100, seconds: 5, run: cached, offset: 100 });
  for (const r of rawSingles) r.ratio = r.p50 / rawSingles[0].p50;
  // Five customers at once on that host, different slots, each from a process of its own (no cache):
  // optimistic, each lost race reads and folds it again; serialized, each waits and reads it once.
  const yearRound = async (path, offset) => {
    resetCounts();
    const t0 = performance.now();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => hold(apiProcess(path), 'host_year', nightSlot(offset + i))));
    return { path, seconds: (performance.now() - t0) / 1000, answers, conflicts: counts.conflicts, reads: counts.reads };
  };
  longRounds = [await yearRound('optimistic', 300), await yearRound('serialized', 310)];
  await pool.end();
} finally {
  await dropDatabase(rawUrl);
}

// ---- Report ----
const pad = (s, n) => String(s).padEnd(n);
const num = (x, digits = 1, n = 9) => (Number.isFinite(x) ? x.toFixed(digits) : '–').padStart(n);
console.log(
  `\nBooking: ${cpus().length} cores shared by the client, the site (api + worker in one process) and Postgres; 1-minute load average ${loadAtStart.toFixed(1)} at the start, ${loadavg()[0].toFixed(1)} at the end\n`,
);
console.log(
  `1. openSlots in process (Europe/Berlin, weekdays 09:00–17:00, ${Object.keys(overrides).length} overrides, 15 min buffer, 12 h notice; 30-minute sessions)`,
);
console.log(`   history: ${PAST_SESSIONS} past sessions + ${PAST_ABANDONED} released holds over 365 days, ${UPCOMING} upcoming (30/60 min)\n`);
console.log(
  ['   case'.padEnd(57), 'busy'.padStart(6), 'slots'.padStart(7), 'runs'.padStart(6), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9), 'vs empty'.padStart(10)].join(
    '',
  ),
);
for (const r of pure)
  console.log(
    [
      pad(`   ${r.name}`, 57),
      String(r.busy).padStart(6),
      String(r.slots).padStart(7),
      String(r.runs).padStart(6),
      num(r.p50, 2),
      num(r.p95, 2),
      `${r.ratio.toFixed(2)}x`.padStart(10),
    ].join(''),
  );
console.log(`   (BookingService.book checks one start against the hours with offersStart, which computes that date only)`);

console.log(`\n(the site, api and worker in one process, started with ${freeAtStart} of Postgres's connections free)`);
console.log(
  `\n2. getSessionsPageData over HTTP, signed out, one request at a time (${PAGE_REQUESTS} per case; two session types, so two openSlots per host per request)`,
);
console.log(`   ${historyNote}`);
console.log(`   ${planNote}\n`);
console.log(
  [
    '   case'.padEnd(47),
    'req/s'.padStart(8),
    'p50 ms'.padStart(9),
    'p95 ms'.padStart(9),
    'KB'.padStart(7),
    'slots'.padStart(13),
    'x healthz'.padStart(11),
    'x no bookings'.padStart(15),
  ].join(''),
);
for (const r of pages) {
  console.log(
    [
      pad(`   ${r.name}`, 47),
      num(r.perSecond, 0, 8),
      num(r.p50),
      num(r.p95),
      num(r.bytes / 1024, 0, 7),
      String(r.slots ?? '').padStart(13),
      `${r.ratio.toFixed(1)}x`.padStart(11),
      (r.vsEmpty ? `${r.vsEmpty.toFixed(2)}x` : '').padStart(15),
    ].join(''),
  );
}

console.log(
  `\n3. bookSession over HTTP (${CONTENDERS} customers, one per concurrent request, 180-day horizon; a round is ${CONTENDERS} requests sent at once, the next round after all answered; each hold opens a Stripe emulator Checkout)\n`,
);
console.log(
  [
    '   case'.padEnd(47),
    'attempts/s'.padStart(11),
    'holds/s'.padStart(9),
    'p50 ms'.padStart(9),
    'p95 ms'.padStart(9),
    'round ms'.padStart(10),
    'rollbacks'.padStart(11),
    '  answers',
  ].join(''),
);
for (const r of holds) {
  console.log(
    [
      pad(`   ${r.name}`, 47),
      num(r.perSecond, 1, 11),
      num(r.holdsPerSecond, 1),
      num(r.p50, 0),
      num(r.p95, 0),
      num(r.meanRoundMs, 0, 10),
      String(r.rollbacks ?? '–').padStart(11),
      `  ${describe(r.answers)}`,
    ].join(''),
  );
}
for (const r of holds) {
  const reasons = new Map();
  for (const message of r.errors) reasons.set(message, (reasons.get(message) ?? 0) + 1);
  console.log(
    `   ${r.name}: ${r.connections} Postgres connections free at the start, the site held up to ${r.peakConnections}${reasons.size ? `; the site logged ${[...reasons].map(([m, n]) => `${n} × "${m}"`).join(', ')}` : '; no errors logged'}`,
  );
}
console.log(
  `   round ms: mean time until all ${CONTENDERS} of a round had answered (slowest round: ${holds.map((r) => `${r.maxRoundMs.toFixed(0)} ms`).join(', ')})`,
);
console.log(
  `   rollbacks: transactions rolled back in the site's database during the case (pg_stat_database, which backends report up to ~10 s late, so a floor): each refused hold's serialized command rolls back; a version conflict would add one`,
);
console.log(`   ${streamNote}`);
const refusedFree = holds
  .filter((r) => r.name.startsWith('different slots'))
  .flatMap((r) => r.answers)
  .filter((a) => a.status === 409).length;
if (refusedFree)
  console.log(
    `   ${refusedFree} free slots were refused: the slots of that case are free and none comes within the buffer of another, so none of these refusals is the calendar's`,
  );

console.log(
  `\n4. The hold command alone: runCommand + hostCalendarDecider on the built EventStore (pool of 8); no HTTP, no Stripe, no hours check. Each round on both paths, on hosts of their own:`,
);
console.log(`   optimistic = before issue 19: a lane per calendar in each process, the stream's version between processes, ${RETRIES} retries, then "taken"`);
console.log(`   serialized = now: the lane, then the calendar's advisory lock across processes (SerializedStreams, ${LOCK_WAIT_MS} ms bound, then 503)\n`);
console.log(
  [
    '   path'.padEnd(51),
    'granted'.padStart(8),
    'false ref.'.padStart(11),
    'conflicts'.padStart(10),
    'reads/cmd'.padStart(10),
    'time ms'.padStart(9),
    'p50 ms'.padStart(8),
    'p95 ms'.padStart(8),
    '  answers',
  ].join(''),
);
let lastCase;
for (const r of raw) {
  if (r.name !== lastCase) console.log(`   ${(lastCase = r.name)}`);
  console.log(
    [
      pad(`     ${r.path}`, 51),
      String(r.granted).padStart(8),
      String(r.falseRefusals).padStart(11),
      String(r.conflicts).padStart(10),
      num(r.readsPer, 2, 10),
      num(r.seconds * 1000, 0, 9),
      num(r.p50, 1, 8),
      num(r.p95, 1, 8),
      `  ${describe(r.answers)}`,
    ].join(''),
  );
}
console.log(`   granted: holds recorded; false ref.: refusals of a slot the calendar never said was taken (retries exhausted, or no turn within the bound)`);
console.log(`   conflicts: appends refused because another hold took the stream's version first; each is one more read and fold of the stream`);
console.log(`   time ms: from the first request of the case to the last answer (all its rounds)`);
console.log(`\n   single holds, one at a time; ${seedNote}`);
console.log(['   case'.padEnd(60), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9), 'events read/cmd'.padStart(17), 'vs fresh'.padStart(10), '  answers'].join(''));
for (const r of rawSingles)
  console.log(
    [pad(`   ${r.name}`, 60), num(r.p50), num(r.p95), num(r.eventsPer, 0, 17), `${r.ratio.toFixed(1)}x`.padStart(10), `  ${describe(r.answers)}`].join(''),
  );
for (const r of longRounds)
  console.log(
    `   5 holds at once on that host, different slots, each from its own process, ${r.path}: all answered in ${r.seconds.toFixed(2)} s, ${r.conflicts} conflicts, ${r.reads} stream reads; ${describe(r.answers)}`,
  );
console.log(
  `\nopenSlots cases took ${((pureSecondsEnd - benchStarted) / 1000).toFixed(0)} s; the whole bench ${((performance.now() - benchStarted) / 1000).toFixed(0)} s`,
);
if (failed) {
  console.log('\nchecks failed:');
  for (const p of problems) console.log(`  ${p}`);
  process.exitCode = 1;
}

// ---- helpers ----

/**
 * openSlots for each [name, busy] case, timed: a few warm-up runs, then the cases in turn, one run
 * each, for about 4.5 s (at least 15 runs each), so a busy neighbour on the machine slows them alike.
 */
function timeOpenSlots(s, cases) {
  for (const [, busy] of cases) for (let i = 0; i < 3; i += 1) openSlots(s, busy, 30, now);
  const runs = cases.map(([name, busy]) => ({ name, busy, latencies: [], slots: 0 }));
  const started = performance.now();
  while ((performance.now() - started < 4_500 || runs[0].latencies.length < 15) && runs[0].latencies.length < 2_000) {
    for (const run of runs) {
      const t0 = performance.now();
      run.slots = openSlots(s, run.busy, 30, now).length;
      run.latencies.push(performance.now() - t0);
    }
  }
  return runs.map((run) => ({ name: run.name, busy: run.busy.length, slots: run.slots, runs: run.latencies.length, ...percentiles(run.latencies) }));
}

function percentiles(latencies) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  return { p50: at(0.5), p95: at(0.95), max: sorted.at(-1) };
}

/** `total` requests one after another; latency percentiles and the size of the answers. */
async function sequential(request, total) {
  const latencies = [];
  let bytes = 0;
  const started = performance.now();
  for (let i = 0; i < total; i += 1) {
    const t0 = performance.now();
    const response = await request();
    bytes = (await response.arrayBuffer()).byteLength;
    if (response.status !== 200) throw new Error(`${response.url} answered ${response.status}`);
    latencies.push(performance.now() - t0);
  }
  return { ...percentiles(latencies), perSecond: total / ((performance.now() - started) / 1000), bytes };
}

/**
 * `rounds` rounds; each sends the round's jobs at once (`jobsOf(round)`: one per request, a slot
 * start or anything `send` takes) and waits for every answer. Customers are used in turn.
 */
async function holdRounds(send, customers, rounds, jobsOf, { countRollbacks = false } = {}) {
  const rollbacksBefore = countRollbacks ? await rollbacks() : null;
  const byRound = [];
  const roundMs = [];
  let peakConnections = 0;
  let sampling = countRollbacks;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await db.query('select count(*)::int as n from pg_stat_activity where datname = current_database()');
      peakConnections = Math.max(peakConnections, rows[0].n - 1);
      await sleep(100);
    }
  })();
  const started = performance.now();
  for (let round = 0; round < rounds; round += 1) {
    const t0 = performance.now();
    byRound.push(await Promise.all(jobsOf(round).map((job, i) => send(customers[i % customers.length], job))));
    roundMs.push(performance.now() - t0);
  }
  const seconds = (performance.now() - started) / 1000;
  sampling = false;
  await sampler;
  const answers = byRound.flat();
  const rolledBack = rollbacksBefore === null ? null : (await sleep(2_000), (await rollbacks()) - rollbacksBefore);
  return {
    byRound,
    answers,
    ...percentiles(answers.map((a) => a.ms)),
    perSecond: answers.length / seconds,
    holdsPerSecond: answers.filter((a) => a.status === 200).length / seconds,
    meanRoundMs: roundMs.reduce((a, b) => a + b, 0) / roundMs.length,
    maxRoundMs: Math.max(...roundMs),
    rollbacks: rolledBack,
    peakConnections,
  };
}

/** Waits (up to 60 s) until Postgres has `wanted` connections free; answers how many were. */
async function waitForFreeConnections(client, wanted = 30) {
  const free = async () => (await client.query(`select current_setting('max_connections')::int - count(*)::int as n from pg_stat_activity`)).rows[0].n;
  const deadline = Date.now() + 60_000;
  let n = await free();
  while (n < wanted && Date.now() < deadline) {
    await sleep(2_000);
    n = await free();
  }
  return n;
}

async function rollbacks() {
  const { rows } = await db.query('select xact_rollback::bigint as n from pg_stat_database where datname = current_database()');
  return Number(rows[0].n);
}

function describe(answers) {
  const byKind = new Map();
  for (const a of answers) {
    const kind = a.code ? `${a.status} ${a.code}` : String(a.status);
    byKind.set(kind, (byKind.get(kind) ?? 0) + 1);
  }
  return [...byKind]
    .sort()
    .map(([kind, n]) => `${n} × ${kind}`)
    .join(', ');
}

function findScan(node) {
  if (/Scan/.test(node['Node Type'])) return node;
  for (const child of node.Plans ?? []) {
    const found = findScan(child);
    if (found) return found;
  }
  return node;
}

/** The year of bookings, as the SessionBookingsProjector would have left it, straight into rm_session_bookings. */
async function insertHistory(client, host) {
  const columns = [
    'booking_id',
    'host_user_id',
    'customer_user_id',
    'session_type_id',
    'session_title',
    'minutes',
    'host_name',
    'meeting_url',
    'customer_email',
    'customer_name',
    'customer_time_zone',
    'checkout_ref',
    'amount_cents',
    'currency',
    'payment_intent_id',
    'start_at',
    'end_at',
    'status',
    'hold_expires_at',
    'created_at',
    'updated_at',
  ];
  const rows = history.map((b) => {
    const customer = b.n % 400;
    const thirty = b.minutes === 30;
    return [
      `bk_hist_${b.n}`,
      host,
      `user_hist_${customer}`,
      thirty ? 'setup-session-30' : 'workflow-deep-dive-60',
      thirty ? '30-minute setup session' : '60-minute workflow deep dive',
      b.minutes,
      'Hannah Host',
      'https://meet.example.com/bench-host',
      `past-${customer}@example.com`,
      `Past Customer ${customer}`,
      ZONE,
      `chk_hist_${b.n}`,
      thirty ? 4900 : 9900,
      'usd',
      b.status === 'confirmed' ? `pi_hist_${b.n}` : null,
      new Date(b.start),
      new Date(b.end),
      b.status,
      new Date(b.at + 31 * 60_000),
      new Date(b.at),
      new Date(b.status === 'confirmed' ? b.at + 600_000 : b.at + 31 * 60_000),
    ];
  });
  for (let i = 0; i < rows.length; i += 500) {
    const batch = rows.slice(i, i + 500);
    const values = batch.map((_, r) => `(${columns.map((__, c) => `$${r * columns.length + c + 1}`).join(', ')})`).join(', ');
    await client.query(`insert into rm_session_bookings (${columns.join(', ')}) values ${values}`, batch.flat());
  }
  return rows.length;
}

function sessionDetails(minutes, n) {
  return {
    sessionTypeId: minutes === 30 ? 'setup-session-30' : 'workflow-deep-dive-60',
    sessionTitle: minutes === 30 ? '30-minute setup session' : '60-minute workflow deep dive',
    minutes,
    hostName: 'Hannah Host',
    meetingUrl: 'https://meet.example.com/bench-host',
    customerEmail: `customer-${n}@example.com`,
    customerName: null,
    customerTimeZone: ZONE,
    checkoutRef: `chk_bench_${n}`,
    amountCents: minutes === 30 ? 4900 : 9900,
    currency: 'usd',
  };
}

function holdCommand(host, start) {
  const at = new Date();
  const holdId = `bk_${randomUUID().replaceAll('-', '')}`;
  return {
    type: 'HoldSlot',
    hostUserId: host,
    holdId,
    customerUserId: `user_${holdId.slice(3, 9)}`,
    start: new Date(start).toISOString(),
    end: new Date(start + 30 * 60_000).toISOString(),
    bufferMinutes: 15,
    expiresAt: new Date(at.getTime() + 31 * 60_000).toISOString(),
    details: sessionDetails(30, holdId),
    at: at.toISOString(),
  };
}

/** The history above as the host's calendar recorded it: SlotHeld, then BookingConfirmed or SlotHoldReleased. */
async function seedYearStream(store, host) {
  const events = history.flatMap((b) => {
    const held = {
      hostUserId: host,
      holdId: `bk_year_${b.n}`,
      customerUserId: `user_hist_${b.n % 400}`,
      start: new Date(b.start).toISOString(),
      end: new Date(b.end).toISOString(),
      expiresAt: new Date(b.at + 31 * 60_000).toISOString(),
      details: sessionDetails(b.minutes, b.n),
      at: new Date(b.at).toISOString(),
    };
    const outcome =
      b.status === 'confirmed'
        ? {
            type: 'BookingConfirmed',
            data: {
              hostUserId: host,
              bookingId: held.holdId,
              customerUserId: held.customerUserId,
              start: held.start,
              end: held.end,
              details: held.details,
              paymentIntentId: `pi_hist_${b.n}`,
              at: new Date(b.at + 600_000).toISOString(),
            },
          }
        : {
            type: 'SlotHoldReleased',
            data: {
              hostUserId: host,
              holdId: held.holdId,
              customerUserId: held.customerUserId,
              reason: 'checkout_expired',
              at: new Date(b.at + 31 * 60_000).toISOString(),
            },
          };
    return [{ type: 'SlotHeld', data: held }, outcome];
  });
  let version = 0;
  for (let i = 0; i < events.length; i += 250) {
    const batch = events.slice(i, i + 250);
    const result = await store.append(hostCalendarStreamId(host), version === 0 ? 'no-stream' : version, batch, systemMeta());
    version = result.nextVersion;
  }
  return events.length;
}

async function freshDatabase() {
  const name = `sculpt_bench_booking_${randomBytes(4).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  return Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
}

async function dropDatabase(url) {
  await withAdmin((c) => c.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`));
}

/** What the site left in Redis under its prefix (queues, rate-limit counters). */
async function dropRedisKeys() {
  const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0', { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [nextCursor, found] = await redis.scan(cursor, 'MATCH', `${queuePrefix}:*`, 'COUNT', 1000);
      if (found.length) await redis.del(...found);
      cursor = nextCursor;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}

function mulberry32(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
