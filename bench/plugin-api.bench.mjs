// The plugin's license check, GET /api/plugin/license/validate (admission-v1), under load beside
// /healthz (the ceiling) in the same run: autocannon, 100 connections, 10 s each after a warm-up.
// Target: p99 under 20 ms. Starts the built api (ROLE=api) on a free port with a fresh database,
// as http.bench does, and grants licenses there through the event store and the licenses projector.
//
// The route limits each key to 30 checks a minute and each address to 120 (Redis counters, fixed
// in code: there is no setting to raise them, and this bench adds none). Every simulated plugin
// sends its own X-Forwarded-For (the api trusts it from loopback), from 198.18.0.0/15, the range
// set aside for benchmarks. Two figures, since thousands of checks a second on a few keys are over
// the per-key limit almost at once:
//   (a) hot keys: 200 valid keys, round robin; past each key's first 30 checks a minute the answer
//       is 429, i.e. the whole pipeline (both Redis counters, the answer, the validation log
//       row) except the license lookup, which a refused check never reaches;
//   (b) allowed: 200 keys in rotation, each retired after 25 checks (under its 30) and replaced
//       by a fresh one, so every answer is 200 through the lookup and its 2 s in-process cache;
//       how many checks reached Postgres is read from its own counters (index scans of rm_licenses).
// BENCH_SECONDS (default 10) and BENCH_CONNECTIONS (default 100) change the load.
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { Redis } from 'ioredis';
import pg from 'pg';
import { grantLicenses } from './support/grant-licenses.mjs';
import { startBenchSite } from './support/site.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 100);
const WARM_UP_SECONDS = 3;
const TARGET_P99_MS = 20;
const PER_KEY_LIMIT = 30; // per minute, PER_KEY in license-validate.controller.ts
const HOT_KEYS = 200;
const CHECKS_PER_KEY = 25; // (b): a key is retired after this many checks, under PER_KEY_LIMIT
const WARM_KEYS = 1_500; // (b)'s warm-up: 37,500 allowed checks, 12,500/s over the warm-up
const RUN_KEYS = 3_000; // (b)'s measured run: 75,000 allowed checks, 7,500/s over 10 s
const SINGLE_CHECKS = 3_000; // (c): one connection, one check at a time
const PROBE_KEYS = 100; // asked by one client of their own, alongside (b)'s run
const STATS_SETTLE_MS = 2_000; // Postgres publishes an idle connection's counters within about a second
const PATH = '/api/plugin/license/validate';
const PLUGIN_HEADERS = { 'x-plugin-version': '4.2.0', 'x-systemsculpt-admission-contract': 'admission-v1', 'X-SystemSculpt-Client': 'obsidian-plugin' };
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0';
const queuePrefix = `bench_plugin_api_${randomBytes(4).toString('hex')}`;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
/** The n-th simulated plugin's address, in 198.18.0.0/15 (RFC 2544, benchmarking). */
const addressOf = (n) => `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;

const site = await startBenchSite({ ROLE: 'api', QUEUE_PREFIX: queuePrefix });
const stats = new pg.Client({ connectionString: site.databaseUrl });
let failed = false;
let validationLogMark = 0; // license_validations rows when the current case started
try {
  await stats.connect();
  const seedStarted = performance.now();
  const keys = await grantLicenses(site.databaseUrl, HOT_KEYS + WARM_KEYS + RUN_KEYS + PROBE_KEYS + 1);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const plugins = keys.map((key, n) => ({ key, address: addressOf(n) }));
  const hot = plugins.slice(0, HOT_KEYS);
  const warm = plugins.slice(HOT_KEYS, HOT_KEYS + WARM_KEYS);
  const pool = plugins.slice(HOT_KEYS + WARM_KEYS, HOT_KEYS + WARM_KEYS + RUN_KEYS);
  const probeKeys = plugins.slice(HOT_KEYS + WARM_KEYS + RUN_KEYS, -1);

  // One check as the plugin makes it, before any load: a granted key is allowed.
  const probe = await fetch(`${site.url}${PATH}`, {
    headers: { ...PLUGIN_HEADERS, 'x-license-key': plugins.at(-1).key, 'x-forwarded-for': plugins.at(-1).address },
  });
  const probeBody = await probe.json();
  if (probe.status !== 200 || probeBody.code !== 'allowed') throw new Error(`a granted key was not allowed: ${probe.status} ${JSON.stringify(probeBody)}`);

  const healthz = { path: '/healthz' };
  await load(healthz, { seconds: WARM_UP_SECONDS });
  const ceiling = await load(healthz, { seconds: SECONDS });

  // (a) The 200 hot keys: the warm-up spends every key's 30 allowed checks (and then some), so the
  // run's answers are refusals; a key's window (60 s from its first check) outlasts the run.
  await load(validate(hot), { amount: HOT_KEYS * (PER_KEY_LIMIT + 10) });
  await validationLogCatchUp();
  const limited = await load(validate(hot), { seconds: SECONDS });
  limited.log = await validationLogCatchUp();

  // (b) Allowed checks: HOT_KEYS keys at a time, each retired after CHECKS_PER_KEY; the warm-up
  // on keys of its own.
  await load(rotating(warm), { seconds: WARM_UP_SECONDS });
  await validationLogCatchUp();
  await sleep(STATS_SETTLE_MS);
  const scansBefore = await licenseIndexScans();
  const run = rotating(pool);
  // Alongside, one more client asks twice for keys nobody has asked for: the first check looks
  // the key up in Postgres, the second is answered from the cache.
  const coldWarm = probeColdAndCached(probeKeys);
  const allowed = await load(run, { seconds: SECONDS });
  const probes = await coldWarm.stop();
  allowed.log = await validationLogCatchUp();
  await sleep(STATS_SETTLE_MS);
  const lookups = (await licenseIndexScans()) - scansBefore;

  // (c) One client at a time: latency is the work itself, not the queue that 100 waiting
  // connections make on these cores.
  const single = await load(healthz, { amount: SINGLE_CHECKS, connections: 1 });
  const singleAllowed = await load(rotating(pool.slice(run.keysUsed())), { amount: SINGLE_CHECKS, connections: 1 });
  singleAllowed.log = await validationLogCatchUp();

  console.log(
    `\nPlugin license check (admission-v1) beside /healthz: autocannon, ${CONNECTIONS} connections, ${SECONDS} s per case after a warm-up (${WARM_UP_SECONDS} s; for (a), ${PER_KEY_LIMIT + 10} checks per hot key); client and server share ${cpus().length} cores`,
  );
  console.log(
    `${keys.length} licenses granted through the event store and LicensesProjector in ${seedSeconds.toFixed(1)} s; latencies over every answer, whatever its status\n`,
  );
  const rows = [
    ['GET /healthz (ceiling)', ceiling],
    [`validate, ${HOT_KEYS} hot keys (a: over 30/min → 429)`, limited],
    [`validate, ${HOT_KEYS} keys × ${CHECKS_PER_KEY} in rotation (b: allowed)`, allowed],
    ['GET /healthz, 1 connection', single],
    ['validate (b), 1 connection (c: unqueued)', singleAllowed],
  ];
  console.log(
    ['case'.padEnd(50), 'req/s'.padStart(8), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'max ms'.padStart(8), 'vs /healthz'.padStart(13), '  answers'].join(
      '',
    ),
  );
  for (const [name, r] of rows) {
    console.log(
      [
        name.padEnd(50),
        r.perSecond.toFixed(0).padStart(8),
        r.p50.toFixed(1).padStart(8),
        r.p99.toFixed(1).padStart(8),
        r.max.toFixed(1).padStart(8),
        `${(r.perSecond / ceiling.perSecond).toFixed(2)}x`.padStart(13),
        `  ${describe(r)}`,
      ].join(''),
    );
  }
  console.log(
    `\n(b) ${run.keysUsed()} keys used (${HOT_KEYS} at a time, ${CHECKS_PER_KEY} checks each, limit ${PER_KEY_LIMIT}/min${run.keysUsed() >= pool.length ? `; all ${pool.length} granted used up, the rest over the limit` : ''}); license lookups that reached Postgres: ${lookups} of ${allowed.answers} checks (${((1 - lookups / allowed.answers) * 100).toFixed(0)}% answered from the 2 s cache)`,
  );
  console.log(
    `    one more client meanwhile, a fresh key's first check (looked up in Postgres): ${summary(probes.map((p) => p.cold))}; its second (cached): ${summary(probes.map((p) => p.cached))}`,
  );
  console.log(
    `    (a key kept within its ${PER_KEY_LIMIT} checks a minute, evenly, is checked every 2 s, the cache's lifetime: only bursts are answered from the cache)`,
  );
  console.log(
    `\nvalidation log (each check adds a row after answering; the api writes them in batches every 200 ms; up to ${CONNECTIONS} checks were still in flight when a run stopped):`,
  );
  for (const [name, r] of rows.filter(([, r]) => r.log)) {
    console.log(
      `  ${name}: ${r.log.behind} rows not yet written when the run ended (${r.log.writtenDuring} written during the run${r === singleAllowed ? '' : `, ${(r.log.writtenDuring / SECONDS).toFixed(0)}/s`}); caught up ${r.log.seconds.toFixed(1)} s later`,
    );
  }
  console.log('');
  for (const [name, r] of rows.filter(([, r]) => r.log)) {
    console.log(
      `p99 ${r.p99.toFixed(1)} ms for ${name}: ${r.p99 < TARGET_P99_MS ? `under the ${TARGET_P99_MS} ms target ✓` : `over the ${TARGET_P99_MS} ms target ✗`}`,
    );
  }
  console.log(
    `(with ${CONNECTIONS} connections each waiting for its answer, mean latency = ${CONNECTIONS} / req/s: ${((1000 * CONNECTIONS) / ceiling.perSecond).toFixed(1)} ms at the /healthz ceiling here)`,
  );

  const unexpected = (r, ok) =>
    r.errors +
    r.timeouts +
    Object.entries(r.statuses)
      .filter(([status]) => !ok.includes(Number(status)))
      .reduce((sum, [, n]) => sum + n, 0);
  if (unexpected(ceiling, [200]) + unexpected(limited, [200, 429]) + unexpected(allowed, [200, 429]) + unexpected(singleAllowed, [200]) > 0) failed = true;
} finally {
  await stats.end().catch(() => undefined);
  await site.stop();
  await dropRedisKeys();
}
if (failed) {
  console.log('\nsome answers were errors or unexpected statuses (see above)');
  process.exitCode = 1;
}

/** A check per request, round robin over the given plugins (key and address), as the plugin sends it. */
function validate(plugins) {
  let next = 0;
  return {
    path: PATH,
    setupRequest: (request) => {
      const plugin = plugins[next++ % plugins.length];
      return { ...request, headers: { ...PLUGIN_HEADERS, 'x-license-key': plugin.key, 'x-forwarded-for': plugin.address } };
    },
  };
}

/** Like validate, over HOT_KEYS plugins at a time, each replaced by the next after CHECKS_PER_KEY checks. */
function rotating(plugins) {
  const active = plugins.slice(0, HOT_KEYS).map((plugin) => ({ plugin, checks: 0 }));
  let fresh = active.length;
  let next = 0;
  return {
    path: PATH,
    keysUsed: () => fresh,
    setupRequest: (request) => {
      const slot = active[next++ % active.length];
      if (slot.checks === CHECKS_PER_KEY && fresh < plugins.length) Object.assign(slot, { plugin: plugins[fresh++], checks: 0 });
      slot.checks += 1;
      return { ...request, headers: { ...PLUGIN_HEADERS, 'x-license-key': slot.plugin.key, 'x-forwarded-for': slot.plugin.address } };
    },
  };
}

/** Every 150 ms from 1 s in: a fresh key's first check, then its second; until stopped. */
function probeColdAndCached(plugins) {
  const probes = [];
  let stopping = false;
  const ask = async (plugin) => {
    const started = performance.now();
    const response = await fetch(`${site.url}${PATH}`, { headers: { ...PLUGIN_HEADERS, 'x-license-key': plugin.key, 'x-forwarded-for': plugin.address } });
    await response.arrayBuffer();
    return { status: response.status, ms: performance.now() - started };
  };
  const running = (async () => {
    await sleep(1_000);
    for (const plugin of plugins) {
      if (stopping) break;
      const cold = await ask(plugin);
      const cached = await ask(plugin);
      if (stopping) break; // the load ended meanwhile: not comparable
      probes.push({ cold, cached });
      await sleep(150);
    }
  })();
  return {
    async stop() {
      stopping = true;
      await running;
      return probes;
    },
  };
}

function summary(answers) {
  if (answers.length === 0) return 'none';
  const ms = answers.map((a) => a.ms).sort((a, b) => a - b);
  const notAllowed = answers.filter((a) => a.status !== 200).length;
  return `${answers.length} checks, p50 ${ms[Math.floor(ms.length / 2)].toFixed(1)} ms, max ${ms.at(-1).toFixed(1)} ms${notAllowed ? `, ${notAllowed} not 200` : ''}`;
}

/** autocannon at CONNECTIONS for some seconds (or a number of requests); latency percentiles (ms, fractional) over all answers. */
async function load(request, { seconds, amount, connections = CONNECTIONS }) {
  const latencies = [];
  const instance = autocannon({ url: site.url, connections, ...(amount ? { amount } : { duration: seconds }), requests: [{ method: 'GET', ...request }] });
  instance.on('response', (_client, _status, _bytes, ms) => latencies.push(ms));
  const result = await instance;
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)] ?? NaN;
  const statuses = Object.fromEntries(Object.entries(result.statusCodeStats).map(([status, { count }]) => [status, count]));
  return {
    perSecond: result.requests.average,
    answers: latencies.length,
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
    statuses,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

function describe(r) {
  const parts = Object.entries(r.statuses)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([status, n]) => `${n} × ${status}`);
  if (r.errors) parts.push(`${r.errors} errors`);
  if (r.timeouts) parts.push(`${r.timeouts} timeouts`);
  return parts.join(', ');
}

/** Lifetime licenses as fulfilment grants them (LicenseGranted on the license's stream), projected by the production projector. */
/**
 * Waits for the api to write the validation-log rows it still owes (it answers first and writes
 * them in batches after): until the count stays put for a second.
 * The next case then starts without that backlog in front of its lookups.
 */
async function validationLogCatchUp() {
  const count = async () => (await stats.query('select count(*)::int as n from license_validations')).rows[0].n;
  const atEnd = await count();
  const writtenDuring = atEnd - validationLogMark;
  const started = performance.now();
  let last = atEnd;
  let stableSince = started;
  let caughtUpAt = started;
  while (performance.now() - stableSince < 1_000) {
    await sleep(100);
    const n = await count();
    if (n !== last) {
      last = n;
      stableSince = caughtUpAt = performance.now();
    }
  }
  validationLogMark = last;
  return { behind: last - atEnd, writtenDuring, seconds: (caughtUpAt - started) / 1000 };
}

/** Index scans of rm_licenses so far: one for each license lookup that was not answered from the cache. */
async function licenseIndexScans() {
  const { rows } = await stats.query("select coalesce(idx_scan, 0)::bigint as n from pg_stat_user_tables where relname = 'rm_licenses'");
  return Number(rows[0].n);
}

/** The rate-limit counters this run left in Redis (they would expire within a minute anyway). */
async function dropRedisKeys() {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
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
