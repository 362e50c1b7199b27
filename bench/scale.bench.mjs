// The site scaled out: 3 api processes (ROLE=api) and 2 workers (ROLE=worker) on one fresh
// Postgres database and one Redis queue prefix of their own, the Stripe emulator and the local
// sign-in standing in as they do for `npm start`. No load balancer: the client sends each request
// to the next api in turn (round robin). It checks, and prints as PASS/FAIL lines with figures:
//   - every purchase fulfilled exactly once: sign-ups that buy a lifetime license (initiateCheckout,
//     paid on the emulator's hosted page; the emulator delivers its webhooks to the apis, a worker
//     fulfils), counted in the event log and the read models per Checkout Session;
//   - BENCH_HOLDS (50) concurrent holds of different free times on one host, each customer's
//     request on api (i mod 3): all held, none refused; then 50 holds of one time: exactly one;
//   - every projector led by exactly one worker (its advisory lock in pg_locks, traced to the
//     process by the session's client port), and when the worker leading most is SIGKILLed, the
//     other takes every projector over (seconds to takeover, and to every checkpoint passing the
//     log's head at that moment); the killed worker restarted joins as a follower;
//   - a seat removed, or a key rotated, through one api is refused by all three at once: each api
//     answers the key `allowed` (so its lookup cache holds it), the command goes to one api, and
//     the next check on every api after the command's answer must be `revoked`;
//   - throughput of one mix (home page, listResources, plugin license checks, credit debits) on 1
//     api and on 3 apis, alternating, printed as a ratio: on 2 cores expect little gain; the check
//     is that nothing gets slower (at least 0.9x, the noise of a shared machine).
// The scale run itself is a background of that mix, with the purchases, the holds, the worker kill
// and the license changes on top. Every process logs to dist/bench-scale.log.
// Knobs: BENCH_HOLDS (50), BENCH_PURCHASES (24, bought during the run), BENCH_TRIALS (4 licenses
// with a seat: one seat removal and one key rotation each), BENCH_MIX_REQUESTS (300 per throughput
// case), BENCH_ROUNDS (4 of each case, in the order 1 3 3 1 1 3 3 1), BENCH_CONCURRENCY (16),
// BENCH_BACKGROUND_CONCURRENCY (4), BENCH_KEYS (400 granted licenses for checks and debits), BENCH_POOL_MAX (4: the
// DATABASE_POOL_MAX of each process, so five processes stay within a shared server's connections),
// BENCH_FULFIL_TIMEOUT_S (120).
import { randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { closedLoop } from './support/closed-loop.mjs';
import { grantLicenses } from './support/grant-licenses.mjs';
import { describeLeaders, projectorLeaders } from './support/projector-leaders.mjs';
import { dropRedisKeys } from './support/redis-keys.mjs';
import { callFn, signUpOverHttp } from './support/site-accounts.mjs';
import { freePort, startSiteProcess } from './support/site-processes.mjs';
import { withAdmin } from './support/site.mjs';

const HOLDS = Number(process.env.BENCH_HOLDS ?? 50);
const PURCHASES = Number(process.env.BENCH_PURCHASES ?? 24);
const TRIALS = Number(process.env.BENCH_TRIALS ?? 4);
const MIX_REQUESTS = Number(process.env.BENCH_MIX_REQUESTS ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const BACKGROUND = Number(process.env.BENCH_BACKGROUND_CONCURRENCY ?? 4);
const KEYS = Number(process.env.BENCH_KEYS ?? 400);
const POOL_MAX = String(process.env.BENCH_POOL_MAX ?? 4);
const FULFIL_TIMEOUT_MS = Number(process.env.BENCH_FULFIL_TIMEOUT_S ?? 120) * 1000;
const APIS = 3;
const WORKERS = 2;
const CACHE_MS = 2_000; // LicenseLookup keeps an answer this long
const PER_KEY_CHECKS = 30; // a minute (license-validate.controller.ts): a trial stays under it
const SESSION_TYPE = 'setup-session-30';
const ZONE = 'Europe/Berlin';
const HOST_EMAIL = 'scale-host@example.com';
const TOKEN = 'bench-scale-credits-token-0123456789abcdef';
const PLUGIN_HEADERS = { 'x-plugin-version': '4.2.0', 'x-systemsculpt-admission-contract': 'admission-v1', 'X-SystemSculpt-Client': 'obsidian-plugin' };
const MIX = ['home', 'listResources', 'check', 'debit', 'listResources', 'check', 'home', 'debit', 'listResources', 'check'];

const root = fileURLToPath(new URL('..', import.meta.url));
const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const tag = randomBytes(4).toString('hex');
const database = `sculpt_bench_scale_${tag}`;
const databaseUrl = Object.assign(new URL(admin), { pathname: `/${database}` }).toString();
const queuePrefix = `bench_scale_${tag}`;
const logFile = `${root}dist/bench-scale.log`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const benchStarted = performance.now();
const loadAtStart = loadavg();

const results = []; // { ok, line }
const report = (ok, line) => results.push({ ok, line: `${ok ? 'PASS' : 'FAIL'} ${line}` });
const notes = [];

/** Each simulated client its own address from 198.18.0.0/15 (set aside for benchmarks); the apis trust X-Forwarded-For from loopback. */
let addresses = 0;
const nextAddress = () => {
  const n = (addresses += 1);
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
};

const processes = [];
let apis = [];
let rr = 0;
const nextApi = () => apis[rr++ % apis.length];
let db;
let log;
let background;
let fulfilment;

await withAdmin(async (c) => {
  const free = await waitForFreeConnections(c, 60);
  notes.push(`${free} Postgres connections free at the start (each process may open 2 × ${POOL_MAX} pooled + a few listening)`);
  await c.query(`create database ${database}`);
});
try {
  log = createWriteStream(logFile);
  const ports = [];
  for (let i = 0; i < APIS; i += 1) ports.push(await freePort());
  const env = {
    DATABASE_URL: databaseUrl,
    DATABASE_POOL_MAX: POOL_MAX,
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
    QUEUE_PREFIX: queuePrefix,
    HOST: '127.0.0.1',
    // One public address for the site, as behind a balancer: the workers reach the emulator there.
    PUBLIC_URL: `http://127.0.0.1:${ports[0]}`,
    TRUST_PROXY: 'loopback',
    CREDITS_API_TOKEN: TOKEN,
    LOCAL_ADMIN_EMAILS: HOST_EMAIL,
  };
  const start = (name, role, extra = {}) => {
    const p = startSiteProcess(name, role, { ...env, ...extra }, log);
    processes.push(p);
    return p;
  };
  // The first api migrates the fresh database; the licenses for checks and debits are granted
  // before any worker runs (grantLicenses projects them itself and counts rm_licenses).
  const bootStarted = performance.now();
  const api1 = start('api1', 'api', { PORT: String(ports[0]) });
  api1.url = await api1.ready;
  const keys = await grantLicenses(databaseUrl, KEYS, { includedCreditsPerMonth: 1_000_000_000, emails: false });
  const rest = [
    ...ports.slice(1).map((port, i) => start(`api${i + 2}`, 'api', { PORT: String(port) })),
    ...Array.from({ length: WORKERS }, (_, i) => start(`worker${i + 1}`, 'worker', { PORT: '0' })),
  ];
  for (const p of rest) p.url = await p.ready;
  apis = processes.filter((p) => p.role === 'api');
  const workers = () => processes.filter((p) => p.role === 'worker' && p.alive());
  db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  console.log(
    `bench:scale: ${APIS} apis + ${WORKERS} workers on database ${database}, Redis prefix ${queuePrefix}; ${cpus().length} cores; load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}`,
  );
  console.log(
    `  ${processes.map((p) => `${p.name} pid ${p.pid}${p.url ? ` ${p.url}` : ''}`).join('; ')}; all up ${seconds(performance.now() - bootStarted)} after the first start; logs: ${logFile}`,
  );

  // ---- Accounts: the host, the customers who hold times, the owners of licenses with a seat ----
  const signUps = [];
  const signUp = async (api, email, name) => {
    const t0 = performance.now();
    const cookie = await signUpOverHttp(api.url, queuePrefix, email, name, { forwardedFor: nextAddress() });
    signUps.push(performance.now() - t0);
    return cookie;
  };
  const setupStarted = performance.now();
  const hostCookie = await signUp(apis[0], HOST_EMAIL, 'Hannah Host');
  const saved = await callFn(apis[1].url, 'saveHostAvailability', { schedule: hostSchedule() }, { cookie: hostCookie });
  if (!saved.result?.saved) throw new Error(`saveHostAvailability refused: ${JSON.stringify(saved.error)}`);
  const customers = await inBatches(HOLDS, 6, async (i) => ({
    api: apis[i % APIS],
    cookie: await signUp(nextApi(), `customer-${i}@example.com`, `Customer ${i}`),
  }));
  const purchases = [];
  const purchaseProblems = [];
  const buy = async (email, quantity) => {
    try {
      const cookie = await signUp(nextApi(), email, `Buyer ${email.split('@')[0]}`);
      const opened = await callFn(nextApi().url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity }, { cookie });
      if (opened.result?.outcome !== 'redirect') throw new Error(`initiateCheckout answered ${opened.status} ${JSON.stringify(opened.error ?? opened.result)}`);
      const page = new URL(opened.result.url);
      const paid = await fetch(`${nextApi().url}${page.pathname}/pay`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'email=',
      });
      await paid.arrayBuffer();
      if (paid.status !== 303) throw new Error(`paying answered ${paid.status}`);
      const purchase = { email, cookie, sessionId: page.pathname.split('/').pop(), paidAt: performance.now() };
      purchases.push(purchase);
      return purchase;
    } catch (error) {
      purchaseProblems.push(`${email}: ${error.message}`);
      return null;
    }
  };
  const owners = (await inBatches(TRIALS, TRIALS, (i) => buy(`owner-${i}@example.com`, 2))).filter(Boolean);
  fulfilment = watchFulfilment(purchases);
  console.log(
    `  setup: ${signUps.length} sign-ups (host, ${HOLDS} customers, ${TRIALS} owners buying 2 seats each) and the host's hours in ${seconds(performance.now() - setupStarted)}`,
  );

  // ---- Leadership with both workers up ----
  const both = await settledLeaders();
  const bothOk = leadershipProblems(both, workers()).length === 0;
  report(
    bothOk,
    `every projector in exactly one worker (both up): ${both.leaders.length} projectors, leaders ${describeLeaders(both.leaders)}; lock sessions ${describeSessions(both)}${bothOk ? '' : `; ${leadershipProblems(both, workers()).join('; ')}`}`,
  );

  // ---- Throughput: one mix on 1 api, then on 3, alternating ----
  const tally = new Map();
  const mix = mixRequests(keys, tally);
  const oneApi = () => apis[0];
  // Every api warmed alike (JIT, pools, caches), so api1 alone starts no warmer than the three.
  for (const api of apis)
    await closedLoop(
      mix(() => api),
      150,
      CONCURRENCY,
    );
  const cases = { one: [], three: [] };
  // 1, 3, 3, 1, 1, 3, 3, 1, …: a machine that slows (or frees up) steadily weighs on both alike.
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? ['one', 'three'] : ['three', 'one'];
    for (const which of order) cases[which].push(await closedLoop(mix(which === 'one' ? oneApi : nextApi), MIX_REQUESTS, CONCURRENCY));
  }
  const throughput = (runs) => ({
    perSecond: (runs.length * MIX_REQUESTS) / runs.reduce((s, r) => s + MIX_REQUESTS / r.perSecond, 0),
    p50: Math.max(...runs.map((r) => r.p50)),
    p95: Math.max(...runs.map((r) => r.p95)),
  });
  const one = throughput(cases.one);
  const three = throughput(cases.three);
  const ratio = three.perSecond / one.perSecond;
  const throughputAnswers = describeTally(tally);
  const throughputUnexpected = unexpectedAnswers(tally);
  tally.clear();

  // ---- The scale run: the mix in the background, purchases, holds, a worker killed, license changes ----
  const runStarted = performance.now();
  background = startBackground(mix(nextApi), BACKGROUND);
  const buying = inBatches(PURCHASES, 4, (i) => buy(`buyer-${i}@example.com`, 1));

  const { hostUserId, starts } = await openTimes(HOLDS + 1);
  const book = async (customer, start) => {
    const t0 = performance.now();
    const answer = await callFn(
      customer.api.url,
      'bookSession',
      { sessionTypeId: SESSION_TYPE, hostUserId, start, timeZone: ZONE },
      { cookie: customer.cookie },
    );
    return { status: answer.status, code: answer.error?.code, api: customer.api.name, ms: performance.now() - t0 };
  };
  const holding = (async () => {
    const spread = starts.slice(0, HOLDS);
    const rolledBackBefore = await rollbacks();
    const t0 = performance.now();
    const different = await Promise.all(customers.map((c, i) => book(c, spread[i])));
    const differentMs = performance.now() - t0;
    await sleep(1_500); // Postgres publishes a session's counters within a second or so
    const differentRollbacks = (await rollbacks()) - rolledBackBefore;
    const same = starts[HOLDS];
    const t1 = performance.now();
    const contended = await Promise.all(customers.map((c) => book(c, same)));
    const sameMs = performance.now() - t1;
    const held = async (list) =>
      (
        await db.query(
          `select count(*)::int as n, count(distinct data->>'start')::int as times from events where type = 'SlotHeld' and data->>'start' = any($1)`,
          [list],
        )
      ).rows[0];
    return { different, differentMs, differentRollbacks, differentHeld: await held(spread), contended, sameMs, sameHeld: await held([same]) };
  })();

  // The worker leading most projectors is killed 3 s in; the other must take them all.
  const failingOver = (async () => {
    await sleep(3_000);
    const before = await settledLeaders();
    const counts = new Map(workers().map((w) => [w.name, before.leaders.filter((l) => l.leader === w.name).length]));
    const victim = workers().sort((a, b) => counts.get(b.name) - counts.get(a.name))[0];
    const survivor = workers().find((w) => w !== victim);
    const headAtKill = await logHead();
    const killedAt = performance.now();
    await victim.kill();
    let takeoverMs = null;
    let after;
    while (performance.now() - killedAt < 30_000) {
      after = await projectorLeaders(db, processes);
      if (after.leaders.length >= before.leaders.length && after.leaders.every((l) => l.leader === survivor.name)) {
        takeoverMs = performance.now() - killedAt;
        break;
      }
      await sleep(50);
    }
    const headAtTakeover = await logHead();
    let caughtUpMs = null;
    while (performance.now() - killedAt < 60_000) {
      const { rows } = await db.query(`select count(*)::int as behind from projector_checkpoints where (transaction_id, position) < ($1::xid8, $2::bigint)`, [
        headAtTakeover.transactionId,
        headAtTakeover.position,
      ]);
      if (rows[0].behind === 0) {
        caughtUpMs = performance.now() - killedAt;
        break;
      }
      await sleep(50);
    }
    const appendedMeanwhile = (
      await db.query('select count(*)::int as n from events where (transaction_id, position) > ($1::xid8, $2::bigint)', [
        headAtKill.transactionId,
        headAtKill.position,
      ])
    ).rows[0].n;
    const restarted = start(`${victim.name}-restarted`, 'worker', { PORT: '0' });
    await restarted.ready;
    await sleep(3_000); // a follower retries its locks every 2 s: it must win none
    const rejoined = await projectorLeaders(db, processes);
    return { victim, survivor, killedAt, led: counts.get(victim.name), before, after, takeoverMs, caughtUpMs, appendedMeanwhile, restarted, rejoined };
  })();

  const holds = await holding;
  const failover = await failingOver;

  // License changes, once the failover is over (a command's answer waits for its projection).
  const trials = [];
  for (const [n, owner] of owners.entries()) {
    const license = await prepareTrial(owner, n, signUp);
    if (license.problem) {
      trials.push({ kind: 'seat', problem: license.problem }, { kind: 'rotation', problem: license.problem });
      continue;
    }
    trials.push({
      kind: 'seat',
      ...(await changeTrial(license.seatKey, apis[(2 * n) % APIS], (api) =>
        callFn(api.url, 'removeSeat', { licenseId: license.licenseId, email: license.seatEmail }, { cookie: owner.cookie }),
      )),
    });
    trials.push({
      kind: 'rotation',
      ...(await changeTrial(license.ownerKey, apis[(2 * n + 1) % APIS], (api) =>
        callFn(api.url, 'rotateLicenseKey', { licenseId: license.licenseId }, { cookie: owner.cookie }),
      )),
    });
  }

  await buying;
  const backgroundRun = await background.stop();
  const runMs = performance.now() - runStarted;
  const fulfilled = await fulfilment.wait(FULFIL_TIMEOUT_MS);
  const counts = await purchaseCounts(purchases.map((p) => p.sessionId));
  const finalLeaders = await projectorLeaders(db, processes);

  // ---- Report ----
  console.log(
    `\nThroughput, one mix (per 10 requests: 2 home page, 3 listResources, 3 license checks, 2 credit debits), ${MIX_REQUESTS} requests per case at concurrency ${CONCURRENCY}, ${ROUNDS} rounds of each in the order 1 3 3 1 … (req/s over all of a case's rounds, latency its worst round's):`,
  );
  console.log(['   case'.padEnd(28), 'req/s'.padStart(8), 'p50 ms'.padStart(9), 'p95 ms'.padStart(9)].join(''));
  for (const [name, r] of [
    ['1 api (api1 only)', one],
    ['3 apis (round robin)', three],
  ])
    console.log([`   ${name}`.padEnd(28), r.perSecond.toFixed(0).padStart(8), r.p50.toFixed(1).padStart(9), r.p95.toFixed(1).padStart(9)].join(''));
  console.log(
    `   rounds (req/s): 1 api ${cases.one.map((r) => r.perSecond.toFixed(0)).join(', ')}; 3 apis ${cases.three.map((r) => r.perSecond.toFixed(0)).join(', ')}`,
  );
  console.log(`   answers: ${throughputAnswers}`);

  console.log(
    `\nScale run: ${seconds(runMs)}; background mix at concurrency ${BACKGROUND} round robin: ${backgroundRun.count} requests (${(backgroundRun.count / (backgroundRun.ms / 1000)).toFixed(0)}/s), answers ${describeTally(tally)}`,
  );
  console.log(
    `   sign-ups over the whole bench: ${signUps.length}, p50 ${percentile(signUps, 50).toFixed(0)} ms, p95 ${percentile(signUps, 95).toFixed(0)} ms`,
  );

  // Purchases
  const expected = purchases.length;
  const exact = counts.filter((c) => c.purchaseEvents === 1 && c.licenseEvents === 1 && c.licenses === 1).length;
  const sum = (key) => counts.reduce((s, c) => s + c[key], 0);
  const latencies = purchases.filter((p) => fulfilled.has(p.sessionId)).map((p) => fulfilled.get(p.sessionId) - p.paidAt);
  const slow = purchases.filter((p) => !fulfilled.has(p.sessionId) || fulfilled.get(p.sessionId) - p.paidAt > 10_000);
  const slowNote = slow.length
    ? `; ${slow.length} took over 10 s, paid ${slow.map((p) => `${((p.paidAt - failover.killedAt) / 1000).toFixed(1)} s`).join(', ')} from the worker kill`
    : '';
  report(
    purchaseProblems.length === 0 && expected === TRIALS + PURCHASES && exact === expected,
    `every purchase fulfilled exactly once: ${expected} of ${TRIALS + PURCHASES} purchases paid on the emulator${purchaseProblems.length ? ` (${purchaseProblems.length} failed: ${purchaseProblems.slice(0, 3).join('; ')})` : ''}; PurchaseCompleted ${sum('purchaseEvents')}, LicenseGranted ${sum('licenseEvents')}, licenses ${sum('licenses')}, exactly one of each for ${exact}; emulator webhooks received ${sum('webhooks')}, marked handled ${sum('handled')} when counted; paid → license in the read model p50 ${latencies.length ? seconds(percentile(latencies, 50)) : '–'}, p95 ${latencies.length ? seconds(percentile(latencies, 95)) : '–'}, max ${latencies.length ? seconds(Math.max(...latencies)) : '–'} (${latencies.length} seen within ${FULFIL_TIMEOUT_MS / 1000} s of the end)${slowNote}`,
  );

  // Holds
  const held = holds.different.filter((a) => a.status === 200).length;
  const refused = holds.different.filter((a) => a.status === 409).length;
  report(
    held === HOLDS && refused === 0 && holds.differentHeld.n === HOLDS && holds.differentHeld.times === HOLDS,
    `${HOLDS} concurrent holds of different free times on one host from ${APIS} apis: ${held} held, ${refused} refused (answers ${describeAnswers(holds.different)}; per api ${describePerApi(holds.different)}); SlotHeld events ${holds.differentHeld.n} for ${holds.differentHeld.times} times; ${holds.differentRollbacks} transactions rolled back in the database meanwhile (version conflicts on the host's stream are among them); all answered in ${seconds(holds.differentMs)}, p95 ${percentile(
      holds.different.map((a) => a.ms),
      95,
    ).toFixed(0)} ms`,
  );
  const won = holds.contended.filter((a) => a.status === 200).length;
  const taken = holds.contended.filter((a) => a.status === 409 && a.code === 'booking.slot_taken').length;
  report(
    won === 1 && taken === HOLDS - 1 && holds.sameHeld.n === 1,
    `${HOLDS} concurrent holds of the same time from ${APIS} apis: ${won} held, ${taken} refused as booking.slot_taken (answers ${describeAnswers(holds.contended)}); SlotHeld events ${holds.sameHeld.n}; all answered in ${seconds(holds.sameMs)}`,
  );

  // Failover
  const { victim, survivor } = failover;
  const tookOver = failover.takeoverMs !== null;
  report(
    tookOver && failover.caughtUpMs !== null,
    `takeover when a worker is SIGKILLed: ${victim.name} (leading ${failover.led} of ${failover.before.leaders.length}) killed; ${survivor.name} led all ${failover.after.leaders.length} projectors ${tookOver ? `${seconds(failover.takeoverMs)} after the kill` : `NOT within 30 s (${describeLeaders(failover.after.leaders)})`}; every checkpoint passed the log's head at the takeover ${failover.caughtUpMs !== null ? `${seconds(failover.caughtUpMs)} after the kill` : 'NOT within 60 s'} (${failover.appendedMeanwhile} events appended from the kill to then)${noCheckpoint(failover.after)}`,
  );
  const rejoinedProblems = leadershipProblems(failover.rejoined, workers());
  report(
    rejoinedProblems.length === 0 && failover.rejoined.leaders.every((l) => l.leader === survivor.name),
    `every projector in exactly one worker after ${failover.restarted.name} started (pid ${failover.restarted.pid}): leaders ${describeLeaders(failover.rejoined.leaders)}; lock sessions ${describeSessions(failover.rejoined)}${rejoinedProblems.length ? `; ${rejoinedProblems.join('; ')}` : ''}`,
  );
  const finalProblems = leadershipProblems(finalLeaders, workers());
  report(
    finalProblems.length === 0,
    `every projector in exactly one worker at the end: leaders ${describeLeaders(finalLeaders.leaders)}${finalProblems.length ? `; ${finalProblems.join('; ')}` : ''}`,
  );

  // License changes
  for (const [kind, what] of [
    ['seat', 'a seat removed (removeSeat)'],
    ['rotation', 'a key rotated (rotateLicenseKey)'],
  ]) {
    const mine = trials.filter((t) => t.kind === kind);
    const valid = mine.filter((t) => !t.problem);
    const perApi = apis.map((api) => `${api.name} ${valid.filter((t) => t.after.find((a) => a.api === api.name)?.refused).length}/${valid.length}`).join(', ');
    const stale = valid.flatMap((t) =>
      t.after.filter((a) => !a.refused).map((a) => `${a.api} answered ${a.code}${a.reason ? ` ${a.reason}` : ''} after the command on ${t.commandApi}`),
    );
    const oldest = Math.max(0, ...valid.flatMap((t) => t.after.map((a) => a.cacheAgeMs)));
    const ok = mine.length === TRIALS && valid.length === mine.length && stale.length === 0;
    report(
      ok,
      `${what} through one api is refused by all ${APIS} at once: ${valid.length} of ${mine.length} trials ran${mine.length > valid.length ? ` (${mine.filter((t) => t.problem).map((t) => t.problem)[0]})` : ''}, commands on ${valid.map((t) => t.commandApi).join(', ')} answered in p50 ${
        valid.length
          ? percentile(
              valid.map((t) => t.commandMs),
              50,
            ).toFixed(0)
          : '–'
      } ms; the next check after the answer refused it on ${perApi}${stale.length ? ` — ${stale.slice(0, 4).join('; ')}` : ''}; each api had answered 'allowed' for the key at most ${(oldest / 1000).toFixed(2)} s before the answer (its lookup cache keeps an answer ${CACHE_MS / 1000} s)`,
    );
  }

  report(
    ratio >= 0.9,
    `throughput 1 api → ${APIS} apis: ${one.perSecond.toFixed(0)} → ${three.perSecond.toFixed(0)} req/s = ${ratio.toFixed(2)}x (nothing slower: at least 0.9x)`,
  );

  const errors = new Map();
  for (const p of processes) for (const message of p.errorsSince()) errors.set(`${p.name}: ${message}`, (errors.get(`${p.name}: ${message}`) ?? 0) + 1);
  const backgroundUnexpected = unexpectedAnswers(tally);
  const outOfConnections = [...errors.keys()].some((m) => m.includes('too many clients'));
  report(
    throughputUnexpected + backgroundUnexpected === 0,
    `every answer of the mix 200: ${throughputUnexpected} others in the throughput cases, ${backgroundUnexpected} in the background of the scale run${outOfConnections ? ' (Postgres refused connections, "too many clients": the server is shared; see the errors below)' : ''}`,
  );

  console.log('');
  for (const r of results) console.log(r.line);
  console.log('');
  for (const note of notes) console.log(`note: ${note}`);
  console.log(
    `errors the processes logged: ${
      errors.size
        ? [...errors]
            .slice(0, 8)
            .map(([m, n]) => `${n} × ${m}`)
            .join('; ')
        : 'none'
    }`,
  );
  console.log(
    `whole bench ${seconds(performance.now() - benchStarted)}; load average at start ${loadAtStart.map((l) => l.toFixed(2)).join(' ')}, at the end ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  if (results.some((r) => !r.ok)) process.exitCode = 1;
} finally {
  await background?.stop();
  await fulfilment?.stop();
  await db?.end().catch(() => undefined);
  await Promise.all(processes.map((p) => p.stop()));
  log?.end();
  await withAdmin((c) => c.query(`drop database if exists ${database} with (force)`));
  await dropRedisKeys(queuePrefix);
}

// ---- helpers ----

function hostSchedule() {
  const day = [{ start: '09:00', end: '17:00' }];
  return {
    timeZone: ZONE,
    weekly: { 1: day, 2: day, 3: day, 4: day, 5: day, 6: [], 7: [] },
    overrides: {},
    bufferMinutes: 15,
    minimumNoticeMinutes: 720,
    horizonDays: 60,
    meetingUrl: 'https://meet.example.com/scale-host',
  };
}

/** `count` open 30-minute times on the hour (30 min + 15 min buffer: none blocks another), and the host's id. */
async function openTimes(count) {
  const page = await callFn(apis[0].url, 'getSessionsPageData', {}, { method: 'GET' });
  const slots = page.result?.sessionTypes.find((t) => t.id === SESSION_TYPE)?.slots ?? [];
  const hourly = slots.filter((s) => s.start.slice(14, 16) === '00');
  if (hourly.length < count) throw new Error(`only ${hourly.length} open hourly times, ${count} needed`);
  return { hostUserId: hourly[0].hostUserId, starts: hourly.slice(0, count).map((s) => s.start) };
}

/** `count` jobs, `concurrency` at a time; their results in order. */
async function inBatches(count, concurrency, job) {
  const out = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await job(i);
      }
    }),
  );
  return out;
}

/** The mix: a request function per api picker, each answer's status counted per kind. */
function mixRequests(keys, tally) {
  let n = 0;
  let k = 0;
  return (pick) => async () => {
    const kind = MIX[n++ % MIX.length];
    const base = pick().url;
    let response;
    try {
      if (kind === 'home') response = await fetch(`${base}/`);
      else if (kind === 'listResources') response = await fetch(`${base}/_serverFn/listResources?payload=%7B%7D`);
      else if (kind === 'check') response = await checkRequest(base, keys[k++ % keys.length]);
      else
        response = await fetch(`${base}/api/internal/credits/debit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
          body: JSON.stringify({
            request_id: randomUUID(),
            license_key: keys[k++ % keys.length],
            endpoint: '/api/v1/chat',
            usage_kind: 'agent_turn',
            credits: 1,
          }),
        });
    } catch (error) {
      count(tally, kind, `error ${error.cause?.code ?? error.message}`);
      return new Response('');
    }
    count(tally, kind, response.status);
    return response;
  };
}

function checkRequest(base, key) {
  return fetch(`${base}/api/plugin/license/validate`, { headers: { ...PLUGIN_HEADERS, 'x-license-key': key, 'x-forwarded-for': nextAddress() } });
}

function count(tally, kind, status) {
  if (!tally.has(kind)) tally.set(kind, new Map());
  const byStatus = tally.get(kind);
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
}

function describeTally(tally) {
  return [...tally].map(([kind, byStatus]) => `${kind} ${[...byStatus].map(([s, n]) => `${n} × ${s}`).join(' + ')}`).join(', ');
}

function unexpectedAnswers(tally) {
  return [...tally.values()].reduce((sum, byStatus) => sum + [...byStatus].filter(([s]) => s !== 200).reduce((a, [, n]) => a + n, 0), 0);
}

/** `concurrency` clients sending `request` until stopped. */
function startBackground(request, concurrency) {
  let running = true;
  let sent = 0;
  const started = performance.now();
  const clients = Array.from({ length: concurrency }, async () => {
    while (running) {
      const response = await request();
      await response.arrayBuffer().catch(() => undefined);
      sent += 1;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(clients);
      return { count: sent, ms: performance.now() - started };
    },
  };
}

/** Polls which purchases have their license in the read model (rm_licenses), and since when. */
function watchFulfilment(purchases) {
  const seenAt = new Map();
  let running = true;
  const poll = async () => {
    const waiting = purchases.map((p) => p.sessionId).filter((id) => !seenAt.has(id));
    if (waiting.length === 0) return;
    const { rows } = await db.query(
      `select s.id from stripe_emulator_objects s join rm_licenses l on l.checkout_ref = s.data->'metadata'->>'checkoutRef'
       where s.object = 'checkout.session' and s.id = any($1)`,
      [waiting],
    );
    const now = performance.now();
    for (const row of rows) seenAt.set(row.id, now);
  };
  const loop = (async () => {
    while (running) {
      await poll().catch(() => undefined);
      await sleep(100);
    }
  })();
  return {
    async wait(timeoutMs) {
      const deadline = performance.now() + timeoutMs;
      while (performance.now() < deadline && purchases.some((p) => !seenAt.has(p.sessionId))) await sleep(100);
      return seenAt;
    },
    stop() {
      running = false;
      return loop;
    },
  };
}

/** Per Checkout Session: its PurchaseCompleted and LicenseGranted events, licenses, and webhook deliveries. */
async function purchaseCounts(sessionIds) {
  // Let anything still in flight land before counting.
  await sleep(1_500);
  const { rows } = await db.query(
    `with s as (select id, data->'metadata'->>'checkoutRef' as ref from stripe_emulator_objects where object = 'checkout.session' and id = any($1))
     select s.id,
       (select count(*)::int from events e where e.type = 'PurchaseCompleted' and e.data->>'checkoutSessionId' = s.id) as purchase_events,
       (select count(*)::int from events e where e.type = 'LicenseGranted' and e.data->'source'->>'checkoutRef' = s.ref) as license_events,
       (select count(*)::int from rm_licenses l where l.checkout_ref = s.ref) as licenses,
       (select count(*)::int from stripe_webhook_events w where w.type = 'checkout.session.completed' and w.payload->'data'->'object'->>'id' = s.id) as webhooks,
       (select count(handled_at)::int from stripe_webhook_events w where w.type = 'checkout.session.completed' and w.payload->'data'->'object'->>'id' = s.id) as handled
     from s`,
    [sessionIds],
  );
  return rows.map((r) => ({
    sessionId: r.id,
    purchaseEvents: r.purchase_events,
    licenseEvents: r.license_events,
    licenses: r.licenses,
    webhooks: r.webhooks,
    handled: r.handled,
  }));
}

/** Waits (up to 10 s) until every projector is led; answers the last reading. */
async function settledLeaders() {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const reading = await projectorLeaders(db, processes);
    if ((reading.leaders.length > 0 && reading.leaders.every((l) => l.leader !== null)) || performance.now() > deadline) return reading;
    await sleep(100);
  }
}

/** What is wrong with a reading: a projector led by nobody or by no worker of ours, or a worker with more than one lock session. */
function leadershipProblems(reading, liveWorkers) {
  const names = new Set(liveWorkers.map((w) => w.name));
  const problems = [];
  const unled = reading.leaders.filter((l) => l.leader === null).map((l) => l.name);
  if (unled.length) problems.push(`led by nobody: ${unled.join(', ')}`);
  const elsewhere = reading.leaders.filter((l) => l.leader !== null && !names.has(l.leader)).map((l) => `${l.name} by ${l.leader}`);
  if (elsewhere.length) problems.push(`led outside the workers: ${elsewhere.join(', ')}`);
  for (const [who, pids] of reading.sessions) if (pids.size > 1) problems.push(`${who} holds locks on ${pids.size} sessions`);
  if (reading.leaders.length === 0) problems.push('no projector has a checkpoint yet');
  return problems;
}

async function rollbacks() {
  const { rows } = await db.query('select xact_rollback::bigint as n from pg_stat_database where datname = current_database()');
  return Number(rows[0].n);
}

function noCheckpoint(reading) {
  const missing = reading.leaders.filter((l) => l.name.startsWith('lock '));
  return missing.length ? `; ${missing.length} projectors had no checkpoint yet (not counted): ${missing.map((l) => l.name).join(', ')}` : '';
}

function describeSessions(reading) {
  return (
    [...reading.sessions]
      .map(([who, byPid]) => `${who} ${[...byPid].map(([pid, applicationName]) => `backend ${pid} ('${applicationName}')`).join(' + ')}`)
      .join(', ') || 'none'
  );
}

async function logHead() {
  const { rows } = await db.query(
    'select transaction_id::text as transaction_id, position::text as position from events order by transaction_id desc, position desc limit 1',
  );
  return { transactionId: rows[0]?.transaction_id ?? '0', position: rows[0]?.position ?? '0' };
}

/** The owner's license (2 seats): its key, a seat given to a new account and that seat's key. */
async function prepareTrial(owner, n, signUp) {
  const dashboard = (cookie) => callFn(nextApi().url, 'getDashboardData', {}, { cookie, method: 'GET' });
  const mine = await eventually(
    () => dashboard(owner.cookie),
    (d) => d.result?.licenses?.length === 1,
    FULFIL_TIMEOUT_MS,
  );
  if (!mine) return { problem: `${owner.email}'s license never showed on the dashboard` };
  const { licenseId, key: ownerKey } = mine.result.licenses[0];
  const seatEmail = `seat-${n}@example.com`;
  const assigned = await callFn(nextApi().url, 'assignSeat', { licenseId, email: seatEmail }, { cookie: owner.cookie });
  if (!assigned.result?.assigned) return { problem: `assignSeat answered ${assigned.status} ${JSON.stringify(assigned.error)}` };
  const holder = await signUp(nextApi(), seatEmail, `Seat Holder ${n}`);
  const seat = await eventually(
    () => dashboard(holder),
    (d) => d.result?.sharedSeats?.length === 1,
    15_000,
  );
  if (!seat) return { problem: `${seatEmail}'s seat never showed on their dashboard` };
  return { licenseId, ownerKey, seatEmail, seatKey: seat.result.sharedSeats[0].key };
}

/**
 * One change through `commandApi`: every api first answers the key `allowed` (its cache now holds
 * the answer), and keeps being asked while the command runs (a cached answer lasts 2 s); once the
 * command has answered, the next check on each api, all at once, must be refused as revoked.
 */
async function changeTrial(key, commandApi, command) {
  const ask = async (api) => {
    const response = await checkRequest(api.url, key);
    const body = await response.json().catch(() => ({}));
    return { api: api.name, status: response.status, code: body.code, reason: body.reason, at: performance.now() };
  };
  const lastAllowed = new Map();
  const warm = await Promise.all(apis.map(ask));
  for (const w of warm) if (w.code === 'allowed') lastAllowed.set(w.api, w.at);
  if (lastAllowed.size !== apis.length)
    return { problem: `the key was not allowed everywhere before the change: ${warm.map((w) => `${w.api} ${w.status} ${w.code}`).join(', ')}` };
  let answered = false;
  let checks = apis.length;
  // Stays under the per-key limit: the final checks need room.
  const keepWarm = (async () => {
    while (!answered && checks + 2 * apis.length <= PER_KEY_CHECKS - apis.length) {
      await sleep(400);
      if (answered) break;
      checks += apis.length;
      for (const w of await Promise.all(apis.map(ask))) if (w.code === 'allowed' && !answered) lastAllowed.set(w.api, Math.max(lastAllowed.get(w.api), w.at));
    }
  })();
  const t0 = performance.now();
  const outcome = await command(commandApi);
  const answeredAt = performance.now();
  answered = true;
  if (!outcome.result) {
    await keepWarm;
    return { problem: `the command answered ${outcome.status} ${JSON.stringify(outcome.error)}` };
  }
  const after = await Promise.all(apis.map(ask));
  await keepWarm;
  return {
    commandApi: commandApi.name,
    commandMs: answeredAt - t0,
    after: after.map((a) => ({
      ...a,
      refused: a.status === 403 && a.code === 'license_rejected' && a.reason === 'revoked',
      cacheAgeMs: answeredAt - lastAllowed.get(a.api),
    })),
  };
}

async function eventually(read, check, timeoutMs) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (performance.now() > deadline) return null;
    await sleep(200);
  }
}

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN;
}

function describeAnswers(answers) {
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

function describePerApi(answers) {
  return apis
    .map((api) => `${api.name} ${answers.filter((a) => a.api === api.name && a.status === 200).length}/${answers.filter((a) => a.api === api.name).length}`)
    .join(', ');
}

/** Waits (up to 60 s) until Postgres has `wanted` connections free; answers how many were. */
async function waitForFreeConnections(client, wanted) {
  const free = async () => (await client.query(`select current_setting('max_connections')::int - count(*)::int as n from pg_stat_activity`)).rows[0].n;
  const deadline = Date.now() + 60_000;
  let n = await free();
  while (n < wanted && Date.now() < deadline) {
    await sleep(2_000);
    n = await free();
  }
  return n;
}
