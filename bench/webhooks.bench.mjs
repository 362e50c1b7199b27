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

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

async function run(label, stack, { faults = false, rate = RATE } = {}) {
  const purchases = await paidPurchases(stack);
  const deliveries = deliveriesFor(purchases);
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
  for (const { at, line } of recoveries.slice(recoveriesBefore))
    console.log(
      `  ${seconds(at - line.ms).toFixed(1)} s: a worker found no jobs marker in Redis; it queued again ${JSON.stringify(line.queued)} in ${line.ms} ms`,
    );
  console.log(
    `  kept events ${kept.kept}/${uniqueIds.length}, handled ${kept.handled}, deliveries counted ${kept.deliveries}; purchases ${counts.purchases}, PurchaseCompleted ${counts.purchase_events}, licenses ${counts.licenses}, LicenseGranted ${counts.license_events} for ${counts.licensed_refs} purchases → ${ok ? 'every purchase fulfilled exactly once, nothing lost' : 'MISMATCH'}`,
  );
  return { ok, rate, p50: percentile(latencies, 50), p95: percentile(latencies, 95), settledSeconds, afterLastFault };
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
    stripe: new Stripe('sk_test_bench_emulator', { host: '127.0.0.1', port: apiPort, protocol: 'http', maxNetworkRetries: 2 }),
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
    const clean = await run(`Run 1, clean at ${RATE} deliveries/s (baseline)`, stack);
    const fast = await run(`Run 2, clean at ${FAST_RATE} deliveries/s`, stack, { rate: FAST_RATE });
    const faulted = await run(`Run 3, at ${RATE}/s with the worker SIGKILLed twice and Redis restarted with its data lost`, stack, { faults: true });
    const ms = (value) => `${value.toFixed(0)} ms`.padStart(9);
    const verdict = (ok) => (ok ? 'met' : 'MISSED');
    console.log(`\nwebhook-to-dashboard              p50        p95   target`);
    console.log(`  clean ${RATE}/s (baseline)   ${ms(clean.p50)}  ${ms(clean.p95)}`);
    console.log(
      `  clean ${FAST_RATE}/s               ${ms(fast.p50)}  ${ms(fast.p95)}   p95 < ${TARGET_FAST_P95_MS} ms: ${verdict(fast.p95 < TARGET_FAST_P95_MS)} (${(fast.p95 / clean.p95).toFixed(1)}x the baseline)`,
    );
    console.log(
      `  with faults ${RATE}/s          ${ms(faulted.p50)}  ${ms(faulted.p95)}   p95 < ${TARGET_FAULT_P95_MS / 1000} s: ${verdict(faulted.p95 < TARGET_FAULT_P95_MS)} (${(faulted.p95 / clean.p95).toFixed(1)}x the baseline)`,
    );
    console.log(
      `time to fulfil everything: ${clean.settledSeconds.toFixed(1)} s clean, ${fast.settledSeconds.toFixed(1)} s clean at ${FAST_RATE}/s, ${faulted.settledSeconds.toFixed(1)} s with faults; fulfilled ${faulted.afterLastFault?.toFixed(1) ?? 'never'} s after the last fault (target ≤ ${TARGET_AFTER_LAST_FAULT_S} s: ${verdict(faulted.afterLastFault !== null && faulted.afterLastFault <= TARGET_AFTER_LAST_FAULT_S)})`,
    );
    console.log(`load average: ${(await readFile('/proc/loadavg', 'utf8').catch(() => 'n/a')).trim()}`);
    if (!clean.ok || !fast.ok || !faulted.ok) process.exitCode = 1;
    log.end();
  } finally {
    await db.end();
    await sink.close();
    for (const child of [api.child, worker.child]) child.kill('SIGINT');
    await sleep(1_500);
    redis.kill('SIGKILL');
    await adminClient.query(`drop database if exists ${database} with (force)`);
    await adminClient.end();
  }
}

await main();
