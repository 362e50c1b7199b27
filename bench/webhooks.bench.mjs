// Reliability run of the Stripe webhook path: 1,000 signed deliveries for 300 purchases (20%
// redeliveries, shuffled) into an api and a separate worker with a Redis of their own. Run three
// times: clean at 50 deliveries/s (the baseline), clean at 200/s, then at 50/s with the worker
// killed (SIGKILL) twice and Redis restarted with its data lost once. Each run checks every
// purchase is fulfilled exactly once, no license is granted twice and no event is lost; it prints
// deliveries/s and webhook-to-dashboard latency p50/p95, the fault run how long after its last
// fault everything was fulfilled. BENCH_APP_ROOT runs the app built in another checkout (a before).
// Fulfilment reads each session back from Stripe, so every purchase is a real Checkout Session,
// paid on the embedded emulator before the clock starts; the emulator's own events go to a sink.
import { createServer as createHttpServer } from 'node:http';
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { connect, createServer } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import Stripe from 'stripe';

const root = fileURLToPath(new URL('..', import.meta.url));
const appRoot = process.env.BENCH_APP_ROOT ? `${process.env.BENCH_APP_ROOT.replace(/\/$/, '')}/` : root;
const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECRET = 'whsec_bench_reliability_secret';
const PURCHASES = 300;
const DELIVERIES = 1_000;
const RATE = 50; // deliveries per second
const FAST_RATE = 200;
/** BENCH_RUNS=clean,fast,faults (the default: all three) picks runs. */
const wanted = (name) => (process.env.BENCH_RUNS ?? 'clean,fast,faults').split(',').includes(name);
/** The issue's targets. */
const TARGET_FAST_P95_MS = 100;
const TARGET_FAULT_P95_MS = 10_000;
const TARGET_AFTER_LAST_FAULT_S = 15;
const signer = new Stripe('sk_test_signing_only');

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const id = (prefix) => `${prefix}_${randomBytes(12).toString('hex')}`;

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function startRedis(port) {
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
}

async function waitForRedis(port) {
  for (let i = 0; i < 100; i += 1) {
    const ok = await new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error('redis did not start');
}

const logFile = `${root}dist/bench-webhooks.log`;
const log = createWriteStream(logFile);

/** When a worker said it found Redis had lost its jobs, and what it queued again (from its log). */
const recoveries = [];

/** An api or a worker, as `npm start` runs them; their own logs (Redis outages included) go to the log file. */
function startNode(role, env) {
  const child = spawn(process.execPath, ['dist/app/backend/src/main.js'], {
    cwd: appRoot,
    env: { ...process.env, LOCAL_DEMO_DATA: 'false', ...env, ROLE: role, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.pipe(log, { end: false });
  child.stdout.pipe(log, { end: false });
  let partial = '';
  child.stdout.on('data', (chunk) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop();
    for (const line of lines)
      if (/Redis had lost its jobs|no jobs marker in Redis/.test(line)) recoveries.push({ at: performance.now(), line: JSON.parse(line) });
  });
  const ready = new Promise((resolve, reject) => {
    let seen = '';
    child.stdout.on('data', (chunk) => {
      seen += chunk;
      const match = /Site running at (http:\/\/\S+)|Worker running/.exec(seen);
      if (match) resolve(match[1]?.replace('localhost', '127.0.0.1'));
    });
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code}`)));
  });
  return { child, ready };
}

function checkoutEvent(purchase) {
  return {
    id: id('evt'),
    object: 'event',
    api_version: '2025-10-29',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: purchase.sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_total: 19_900,
        currency: 'usd',
        customer: purchase.customer,
        payment_intent: purchase.paymentIntent,
        subscription: null,
        customer_details: { email: purchase.email },
        metadata: { checkoutRef: purchase.ref, userId: purchase.userId, resourceId: 'lifetime-license', quantity: '1', email: purchase.email },
      },
    },
  };
}

/** Somewhere for the emulator's own deliveries to go: the bench delivers its events itself. */
async function startSink() {
  const port = await freePort();
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200).end('{}'));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** A lifetime license bought on the emulator: a Checkout Session created as the site creates one, then paid. */
async function paidPurchase(stack, price, i) {
  const purchase = { ref: id('chk'), userId: id('user'), email: `buyer-${i}@example.com` };
  const metadata = { checkoutRef: purchase.ref, userId: purchase.userId, resourceId: 'lifetime-license', quantity: '1', email: purchase.email };
  const session = await stack.stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: `${stack.url}/checkout?status=success`,
    metadata,
    payment_intent_data: { metadata },
  });
  const paid = await fetch(`${stack.url}/_stripe/checkout/${session.id}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: `email=${encodeURIComponent(purchase.email)}`,
  });
  if (paid.status !== 303) throw new Error(`paying ${session.id} answered ${paid.status}`);
  const done = await stack.stripe.checkout.sessions.retrieve(session.id);
  return { ...purchase, sessionId: done.id, paymentIntent: String(done.payment_intent), customer: String(done.customer) };
}

async function paidPurchases(stack) {
  const [price] = (await stack.stripe.prices.list({ lookup_keys: ['sculpt_lifetime-license'], active: true })).data;
  if (!price) throw new Error('the emulator has no price for lifetime-license');
  const purchases = [];
  for (let i = 0; i < PURCHASES; i += 10)
    purchases.push(...(await Promise.all(Array.from({ length: Math.min(10, PURCHASES - i) }, (_, k) => paidPurchase(stack, price, i + k)))));
  return purchases;
}

/** Stripe sends more than we handle for each purchase (recorded, marked ignored). */
function sideEvent(purchase, type) {
  return {
    id: id('evt'),
    object: 'event',
    api_version: '2025-10-29',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object: { id: purchase.paymentIntent, object: 'payment_intent', status: 'succeeded' } },
  };
}

function shuffle(items) {
  for (let i = items.length - 1; i > 0; i -= 1) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** 300 checkout completions, 500 other events, 200 redeliveries of any of them, shuffled. */
function deliveriesFor(purchases) {
  const unique = purchases.map((p) => ({ purchase: p, event: checkoutEvent(p) }));
  for (let i = 0; unique.length < DELIVERIES * 0.8; i += 1)
    unique.push({
      purchase: purchases[i % purchases.length],
      event: sideEvent(purchases[i % purchases.length], i % 2 ? 'payment_intent.succeeded' : 'charge.succeeded'),
    });
  const all = [...unique];
  while (all.length < DELIVERIES) all.push(unique[Math.floor(Math.random() * unique.length)]);
  return shuffle(all).map(({ purchase, event }) => ({ purchase, event, body: JSON.stringify(event) }));
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 elsewhere. */
async function cpuSeconds(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => null);
  if (!stat) return 0;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * Where a purchase's time went, from each checkout event's own record: the api keeping it
 * (received_at), the worker taking its job (BullMQ's processedOn), the license granted (the
 * LicenseGranted event's recorded_at), the job done (finishedOn), the dashboard's row seen by the
 * bench (polled every 20 ms, so up to 20 ms late).
 */
async function stages(stack, purchases, checkoutEventIds, sentAt, seenAt) {
  const wall = (t) => performance.timeOrigin + t;
  const ids = purchases.map((p) => checkoutEventIds.get(p.ref));
  const { rows: kept } = await stack.db.query(
    'select stripe_event_id, extract(epoch from received_at) * 1000 as received from stripe_webhook_events where stripe_event_id = any($1)',
    [ids],
  );
  const { rows: granted } = await stack.db.query(
    `select data->'source'->>'checkoutRef' as ref, extract(epoch from recorded_at) * 1000 as recorded from events where type = 'LicenseGranted' and data->'source'->>'checkoutRef' = any($1)`,
    [purchases.map((p) => p.ref)],
  );
  const received = new Map(kept.map((r) => [r.stripe_event_id, Number(r.received)]));
  const grantedAt = new Map(granted.map((r) => [r.ref, Number(r.recorded)]));
  const jobs = await Promise.all(ids.map((id) => stack.redis.hmget(`bench:stripe-webhooks:${id}`, 'processedOn', 'finishedOn')));
  const gaps = {
    'intake (sent → kept)': [],
    'queue pickup (kept → job started)': [],
    'fulfilment (job started → license granted)': [],
    'projection (granted → dashboard row seen)': [],
    'job end (granted → job finished)': [],
  };
  purchases.forEach((p, i) => {
    const [processedOn, finishedOn] = jobs[i].map(Number);
    const at = {
      sent: wall(sentAt.get(p.ref)),
      kept: received.get(ids[i]),
      started: processedOn,
      granted: grantedAt.get(p.ref),
      finished: finishedOn,
      seen: wall(seenAt.get(p.ref)),
    };
    if (Object.values(at).some((v) => !Number.isFinite(v))) return;
    gaps['intake (sent → kept)'].push(at.kept - at.sent);
    gaps['queue pickup (kept → job started)'].push(at.started - at.kept);
    gaps['fulfilment (job started → license granted)'].push(at.granted - at.started);
    gaps['projection (granted → dashboard row seen)'].push(at.seen - at.granted);
    gaps['job end (granted → job finished)'].push(at.finished - at.granted);
  });
  for (const [name, values] of Object.entries(gaps))
    if (values.length)
      console.log(`    ${name.padEnd(44)} p50 ${percentile(values, 50).toFixed(0).padStart(5)} ms, p95 ${percentile(values, 95).toFixed(0).padStart(5)} ms`);
}

async function run(label, stack, { faults = false, rate = RATE } = {}) {
  const purchases = await paidPurchases(stack);
  const deliveries = deliveriesFor(purchases);
  const checkoutEventIds = new Map(deliveries.filter((d) => d.event.type === 'checkout.session.completed').map((d) => [d.purchase.ref, d.event.id]));
  const sentAt = new Map();
  const seenAt = new Map();
  const refs = new Set(purchases.map((p) => p.ref));
  let polling = true;
  const poller = (async () => {
    while (polling) {
      const { rows } = await stack.db.query('select checkout_ref from rm_licenses where checkout_ref = any($1)', [[...refs].filter((r) => !seenAt.has(r))]);
      const now = performance.now();
      for (const row of rows) seenAt.set(row.checkout_ref, now);
      await sleep(20);
    }
  })();

  const faultLog = [];
  // The second kill leaves jobs waiting in Redis when Redis loses everything: only a recovery can bring them back.
  const schedule = faults
    ? [
        { at: 4_000, fault: true, name: 'worker SIGKILLed and restarted', act: () => stack.restartWorker() },
        { at: 9_000, fault: true, name: 'worker SIGKILLed', act: () => stack.killWorker() },
        { at: 11_000, fault: true, name: 'Redis killed and restarted empty, its queued jobs lost', act: () => stack.restartRedis() },
        { at: 12_000, fault: false, name: 'worker started', act: () => stack.startWorker() },
      ]
    : [];
  const cpuBefore = faults ? null : await stack.cpu();
  const started = performance.now();
  const seconds = (at) => (at - started) / 1000;
  let lastFaultAt = null;
  const recoveriesBefore = recoveries.length;
  const faultRunner = (async () => {
    for (const step of schedule) {
      await sleep(Math.max(0, step.at - (performance.now() - started)));
      const at = performance.now();
      if (step.fault) lastFaultAt = at;
      await step.act();
      faultLog.push(`${seconds(at).toFixed(1)} s: ${step.name} (done at ${seconds(performance.now()).toFixed(1)} s)`);
    }
  })();

  const statuses = { ok: 0, other: 0 };
  const inflight = [];
  for (let i = 0; i < deliveries.length; i += 1) {
    await sleep(Math.max(0, started + (i * 1000) / rate - performance.now()));
    const { purchase, event, body } = deliveries[i];
    if (event.type === 'checkout.session.completed' && !sentAt.has(purchase.ref)) sentAt.set(purchase.ref, performance.now());
    const signature = signer.webhooks.generateTestHeaderString({ payload: body, secret: SECRET });
    inflight.push(
      (async () => {
        // Like Stripe: a delivery that does not get a 2xx is tried again.
        for (let attempt = 0; attempt < 20; attempt += 1) {
          const response = await fetch(`${stack.url}/webhooks/stripe`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            body,
          }).catch(() => null);
          if (response?.ok) {
            statuses.ok += 1;
            return;
          }
          statuses.other += 1;
          await sleep(500);
        }
        throw new Error(`delivery of ${event.id} never accepted`);
      })(),
    );
  }
  await Promise.all(inflight);
  const sendSeconds = (performance.now() - started) / 1000;
  await faultRunner;
  const deadline = performance.now() + 180_000;
  while (seenAt.size < PURCHASES && performance.now() < deadline) await sleep(20);
  const lastSeen = Math.max(...seenAt.values());
  const settledSeconds = seconds(seenAt.size === PURCHASES ? lastSeen : performance.now());
  const afterLastFault = lastFaultAt === null || seenAt.size < PURCHASES ? null : (lastSeen - lastFaultAt) / 1000;
  polling = false;
  await poller;
  // Let anything still in flight land, then count.
  await sleep(1_500);

  const {
    rows: [counts],
  } = await stack.db.query(
    `select
       (select count(*) from rm_purchases where checkout_ref = any($1))::int as purchases,
       (select count(*) from rm_licenses where checkout_ref = any($1))::int as licenses,
       (select count(*) from events where type = 'LicenseGranted' and data->'source'->>'checkoutRef' = any($1))::int as license_events,
       (select count(*) from events where type = 'PurchaseCompleted' and data->>'checkoutRef' = any($1))::int as purchase_events,
       (select count(distinct data->'source'->>'checkoutRef') from events where type = 'LicenseGranted' and data->'source'->>'checkoutRef' = any($1))::int as licensed_refs`,
    [[...refs]],
  );
  const uniqueIds = [...new Set(deliveries.map((d) => d.event.id))];
  const {
    rows: [kept],
  } = await stack.db.query(
    'select count(*)::int as kept, count(handled_at)::int as handled, coalesce(sum(deliveries), 0)::int as deliveries from stripe_webhook_events where stripe_event_id = any($1)',
    [uniqueIds],
  );
  const latencies = purchases.filter((p) => seenAt.has(p.ref)).map((p) => seenAt.get(p.ref) - sentAt.get(p.ref));
  const ok =
    counts.purchases === PURCHASES &&
    counts.licenses === PURCHASES &&
    counts.license_events === PURCHASES &&
    counts.purchase_events === PURCHASES &&
    kept.kept === uniqueIds.length &&
    kept.handled === uniqueIds.length;
  console.log(`\n${label}${faultLog.length ? `\n  faults: ${faultLog.join('; ')}` : ''}`);
  console.log(
    `  deliveries: ${DELIVERIES} (${uniqueIds.length} distinct events, ${DELIVERIES - uniqueIds.length} redeliveries) in ${sendSeconds.toFixed(1)} s = ${(DELIVERIES / sendSeconds).toFixed(1)}/s offered; ${statuses.ok} accepted, ${statuses.other} refused or failed and retried`,
  );
  console.log(
    `  ${seenAt.size === PURCHASES ? 'all fulfilled' : `NOT all fulfilled (${seenAt.size} of ${PURCHASES})`} ${settledSeconds.toFixed(1)} s after the start${afterLastFault === null ? '' : `, fulfilled ${afterLastFault.toFixed(1)} s after the last fault`}; webhook-to-dashboard latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p95 ${percentile(latencies, 95).toFixed(0)} ms, max ${Math.max(...latencies).toFixed(0)} ms (${latencies.length} of ${PURCHASES} seen)`,
  );
  if (cpuBefore) {
    const cpuAfter = await stack.cpu();
    const { transactions, ...cpuAfterOnly } = cpuAfter;
    const used = Object.entries(cpuAfterOnly).map(([name, after]) => {
      const before = cpuBefore[name];
      // Postgres: per backend, one that ended since counted from its last reading, a new one from 0.
      const spent =
        after instanceof Map
          ? [...new Set([...after.keys(), ...before.keys()])].reduce(
              (sum, pid) => sum + Math.max(0, (after.get(pid) ?? before.get(pid)) - (before.get(pid) ?? 0)),
              0,
            )
          : after - before;
      return [name, spent];
    });
    const committed = transactions - cpuBefore.transactions;
    const total = used.reduce((sum, [, spent]) => sum + spent, 0);
    const windowSeconds = (performance.now() - started) / 1000;
    console.log(
      `  CPU used from the first delivery until all were fulfilled and counted (${windowSeconds.toFixed(1)} s); Postgres transactions ${committed} (${(committed / DELIVERIES).toFixed(1)} per delivery):`,
    );
    console.log(`    ${'process'.padEnd(22)} ${'CPU s'.padStart(6)} ${'ms/delivery'.padStart(12)} ${'cores'.padStart(6)}`);
    for (const [name, spent] of [...used, ['all', total]])
      console.log(
        `    ${name.padEnd(22)} ${spent.toFixed(2).padStart(6)} ${((spent * 1000) / DELIVERIES).toFixed(2).padStart(12)} ${(spent / windowSeconds).toFixed(2).padStart(6)}`,
      );
  }
  if (!faults) {
    console.log("  where the time went (each purchase's checkout event):");
    await stages(stack, purchases, checkoutEventIds, sentAt, seenAt);
  }
  for (const { at, line } of recoveries.slice(recoveriesBefore))
    console.log(
      `  ${seconds(at - line.ms).toFixed(1)} s: a worker found no jobs marker in Redis; it queued again ${JSON.stringify(line.queued)} in ${line.ms} ms`,
    );
  console.log(
    `  kept events ${kept.kept}/${uniqueIds.length}, handled ${kept.handled}, deliveries counted ${kept.deliveries}; purchases ${counts.purchases}, PurchaseCompleted ${counts.purchase_events}, licenses ${counts.licenses}, LicenseGranted ${counts.license_events} for ${counts.licensed_refs} purchases → ${ok ? 'every purchase fulfilled exactly once, nothing lost' : 'MISMATCH'}`,
  );
  return {
    ok,
    rate,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    settledSeconds,
    afterLastFault,
    lastFaultSeconds: lastFaultAt && seconds(lastFaultAt),
  };
}

async function main() {
  const database = `sculpt_bench_${randomBytes(4).toString('hex')}`;
  const adminClient = new pg.Client({ connectionString: admin });
  await adminClient.connect();
  await adminClient.query(`create database ${database}`);
  const databaseUrl = Object.assign(new URL(admin), { pathname: `/${database}` }).toString();
  const redisPort = await freePort();
  let redis = startRedis(redisPort);
  await waitForRedis(redisPort);
  const sink = await startSink();
  // A known port: the worker reaches the api's emulator at PUBLIC_URL.
  const apiPort = await freePort();
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL: `redis://127.0.0.1:${redisPort}/0`,
    STRIPE_WEBHOOK_SECRET: SECRET,
    QUEUE_PREFIX: 'bench',
    PORT: String(apiPort),
    HOST: '127.0.0.1',
    PUBLIC_URL: `http://127.0.0.1:${apiPort}`,
    STRIPE_EMULATOR_WEBHOOK_URL: sink.url,
  };
  const api = startNode('api', env);
  const url = await api.ready;
  let worker = startNode('worker', env);
  await worker.ready;
  const db = new pg.Pool({ connectionString: databaseUrl, max: 3 });
  const stack = {
    url,
    db,
    // Reads the jobs' own times; it reconnects by itself after the fault run restarts Redis.
    redis: new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1, lazyConnect: true }).on('error', () => undefined),
    stripe: new Stripe('sk_test_bench_emulator', { host: '127.0.0.1', port: apiPort, protocol: 'http', maxNetworkRetries: 2 }),
    async cpu() {
      const [a, w, r] = await Promise.all([api.child.pid, worker.child.pid, redis.pid].map(cpuSeconds));
      // The database's backends (the pools keep their connections, so mostly the same ones throughout).
      const { rows } = await db.query('select pid from pg_stat_activity where datname = current_database()');
      const backends = await Promise.all(rows.map(async (row) => [row.pid, await cpuSeconds(row.pid)]));
      const {
        rows: [stats],
      } = await db.query('select xact_commit + xact_rollback as transactions from pg_stat_database where datname = current_database()');
      const own = process.cpuUsage();
      return {
        api: a,
        worker: w,
        redis: r,
        postgres: new Map(backends),
        // This script: the signing client, the dashboard poller and this accounting.
        'bench client': (own.user + own.system) / 1e6,
        transactions: Number(stats.transactions),
      };
    },
    async killWorker() {
      worker.child.kill('SIGKILL');
      await new Promise((resolve) => worker.child.once('exit', resolve));
    },
    async startWorker() {
      worker = startNode('worker', env);
      await worker.ready;
    },
    async restartWorker() {
      await this.killWorker();
      await this.startWorker();
    },
    async restartRedis() {
      redis.kill('SIGKILL');
      await new Promise((resolve) => redis.once('exit', resolve));
      await sleep(1_000);
      redis = startRedis(redisPort);
      await waitForRedis(redisPort);
    },
  };
  try {
    console.log(
      `bench:webhooks: ${PURCHASES} purchases, ${DELIVERIES} signed deliveries at ${RATE}/s and ${FAST_RATE}/s into an api and a separate worker (own Redis on port ${redisPort}, no persistence)${appRoot === root ? '' : `, the app built in ${appRoot}`}; their logs: ${logFile}; load average ${(await readFile('/proc/loadavg', 'utf8').catch(() => 'n/a')).trim()}`,
    );
    const results = {};
    if (wanted('clean')) results.clean = await run(`Run 1, clean at ${RATE} deliveries/s (baseline)`, stack);
    if (wanted('fast')) results.fast = await run(`Run 2, clean at ${FAST_RATE} deliveries/s`, stack, { rate: FAST_RATE });
    if (wanted('faults'))
      results.faulted = await run(`Run 3, at ${RATE}/s with the worker SIGKILLed twice and Redis restarted with its data lost`, stack, { faults: true });
    const { clean, fast, faulted } = results;
    const ms = (value) => `${value.toFixed(0)} ms`.padStart(9);
    const verdict = (ok) => (ok ? 'met' : 'MISSED');
    const ratio = (run) => (clean ? ` (${(run.p95 / clean.p95).toFixed(1)}x the baseline)` : '');
    console.log(`\nwebhook-to-dashboard              p50        p95   target`);
    if (clean) console.log(`  clean ${RATE}/s (baseline)   ${ms(clean.p50)}  ${ms(clean.p95)}`);
    if (fast)
      console.log(
        `  clean ${FAST_RATE}/s               ${ms(fast.p50)}  ${ms(fast.p95)}   p95 < ${TARGET_FAST_P95_MS} ms: ${verdict(fast.p95 < TARGET_FAST_P95_MS)}${ratio(fast)}`,
      );
    if (faulted) {
      console.log(
        `  with faults ${RATE}/s          ${ms(faulted.p50)}  ${ms(faulted.p95)}   p95 < ${TARGET_FAULT_P95_MS / 1000} s: ${verdict(faulted.p95 < TARGET_FAULT_P95_MS)}${ratio(faulted)}`,
      );
      console.log(
        `  with faults: all fulfilled ${faulted.afterLastFault?.toFixed(1) ?? 'never'} s after the last fault (${faulted.settledSeconds.toFixed(1)} s after the start): target ≤ ${TARGET_AFTER_LAST_FAULT_S} s: ${verdict(faulted.afterLastFault !== null && faulted.afterLastFault <= TARGET_AFTER_LAST_FAULT_S)}${clean && faulted.lastFaultSeconds !== null ? `; the clean run fulfilled everything ${(clean.settledSeconds - faulted.lastFaultSeconds).toFixed(1)} s after the same moment` : ''}`,
      );
    }
    console.log(`load average: ${(await readFile('/proc/loadavg', 'utf8').catch(() => 'n/a')).trim()}`);
    if (Object.values(results).some((result) => !result.ok)) process.exitCode = 1;
    log.end();
  } finally {
    await db.end();
    stack.redis.disconnect();
    await sink.close();
    for (const child of [api.child, worker.child]) child.kill('SIGINT');
    await sleep(1_500);
    redis.kill('SIGKILL');
    await adminClient.query(`drop database if exists ${database} with (force)`);
    await adminClient.end();
  }
}

await main();
