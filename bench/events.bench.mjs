// The event store against Emmett's PostgreSQL store (the peer), in one run on the same Postgres:
// appends/s (1 and 16 writers; single events and 10-event batches), read/replay events/s, and
// projection lag (append → read model visible) at a steady 200 events/s. Each store gets its
// own fresh database, dropped at the end.
import { randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import pg from 'pg';
import { getPostgreSQLEventStore, readMessagesBatch } from '@event-driven-io/emmett-postgresql';
import { dumbo } from '@event-driven-io/dumbo';

const require = createRequire(import.meta.url);
const dist = (path) => require(`../dist/app/backend/src/${path}`);
const { prepareDatabase } = dist('boot/prepare-database.js');
const { EventRegistry, defineEvent } = dist('events/event-registry.js');
const { EventStore } = dist('events/event-store.js');
const { LOG_START } = dist('events/recorded-event.js');
const { EventNotifier } = dist('events/event-notifier.js');
const { ProjectionWorker } = dist('events/projection-worker.js');
const { replayProjector } = dist('events/replay.js');
const { StreamSummaryProjector } = dist('modules/admin/projections/stream-summary.projector.js');
const { mikroOrmConfig } = dist('database/mikro-orm.config.js');
const { MikroORM } = require('@mikro-orm/postgresql');
const { z } = require('zod');
const pino = require('pino');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const registry = new EventRegistry().register(
  defineEvent({ type: 'BenchEventRecorded', schemaVersion: 1, schema: z.object({ n: z.number().int(), note: z.string() }) }),
);
const event = (n) => ({ type: 'BenchEventRecorded', data: { n, note: 'a short payload of the usual size' } });
const meta = () => ({ correlationId: randomUUID(), causationId: null, actor: { kind: 'system' } });

const databases = [];
async function freshDatabase(label) {
  const name = `sculpt_bench_${label}_${randomBytes(3).toString('hex')}`;
  await withAdmin((c) => c.query(`create database ${name}`));
  databases.push(name);
  return Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
}

async function forSeconds(writers, step) {
  let count = 0;
  const deadline = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; performance.now() < deadline; i += 1) {
        // Not `count += await …`: that reads count before the await and loses other writers' adds.
        const appended = await step(w, i);
        count += appended;
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

const results = [];
const row = (name, ours, peer, unit, higherIsBetter = true) => results.push({ name, ours, peer, unit, higherIsBetter });

const oursUrl = await freshDatabase('ours');
const peerUrl = await freshDatabase('emmett');
await prepareDatabase({ DATABASE_URL: oursUrl });
const oursPool = new pg.Pool({ connectionString: oursUrl, max: 20 });
const ours = new EventStore(oursPool, registry);
const peer = getPostgreSQLEventStore(peerUrl);
await peer.schema.migrate();

try {
  for (const writers of (process.env.BENCH_WRITERS ?? "1,16").split(",").map(Number)) {
    for (const batch of [1, 10]) {
      const events = Array.from({ length: batch }, (_, n) => event(n));
      const oursRate = await forSeconds(writers, async (w, i) => {
        await ours.append(`bench-${randomUUID()}`, 'no-stream', events, meta());
        return batch;
      });
      const peerRate = await forSeconds(writers, async (w, i) => {
        await peer.appendToStream(`bench-${randomUUID()}`, events, { expectedStreamVersion: 'STREAM_DOES_NOT_EXIST' });
        return batch;
      });
      row(`append, ${writers} writer${writers > 1 ? 's' : ''}, ${batch === 1 ? 'single events' : '10-event batches'}`, oursRate, peerRate, 'events/s');
    }
  }

  // Read the whole log from the start in batches of 1,000.
  let t0 = performance.now();
  let read = 0;
  for (let after = LOG_START; ; ) {
    const page = await ours.readAll(after, 1000);
    if (page.length === 0) break;
    read += page.length;
    const last = page.at(-1);
    after = { transactionId: last.transactionId, position: last.position };
  }
  const oursRead = read / ((performance.now() - t0) / 1000);
  const peerPool = dumbo({ connectionString: peerUrl });
  t0 = performance.now();
  let peerRead = 0;
  for (let after = 0n; ; ) {
    const page = await readMessagesBatch(peerPool.execute, { after, batchSize: 1000 });
    peerRead += page.messages.length;
    if (!page.areMessagesLeft || page.messages.length === 0) break;
    after = page.currentGlobalPosition;
  }
  const peerReadRate = peerRead / ((performance.now() - t0) / 1000);
  await peerPool.close();
  row(`read the whole log (${read.toLocaleString('en-US')} events)`, oursRead, peerReadRate, 'events/s');

  // Replay a real read model (rm_streams) from position 0, swap included.
  const orm = await MikroORM.init(mikroOrmConfig({ DATABASE_URL: oursUrl }));
  const replay = await replayProjector(orm, ours, new StreamSummaryProjector(), { batchSize: 2000 });
  row(`replay StreamSummaryProjector (${replay.eventsApplied.toLocaleString('en-US')} events)`, replay.eventsApplied / (replay.durationMs / 1000), null, 'events/s');

  // Lag: append → read model row visible, at a steady 200 events/s for 5 s.
  const lagOurs = await measureOursLag(orm, oursUrl);
  const lagPeer = await measurePeerLag(peer, peerUrl).catch((error) => {
    console.error(`(peer lag not measured: ${error.message})`);
    return null;
  });
  row('projection lag p50', lagOurs.p50, lagPeer?.p50 ?? null, 'ms', false);
  row('projection lag p95', lagOurs.p95, lagPeer?.p95 ?? null, 'ms', false);
  await orm.close(true);
} finally {
  await oursPool.end();
  await peer.close();
  for (const name of databases) await withAdmin((c) => c.query(`drop database if exists ${name} with (force)`));
}

console.log(`\nEvent store vs @event-driven-io/emmett-postgresql 0.42.0 (${SECONDS} s per append case, same Postgres, 2 cores)\n`);
console.log(['measure'.padEnd(58), 'ours'.padStart(12), 'emmett'.padStart(12), 'ratio'.padStart(9), '  unit'].join(''));
for (const r of results) {
  const ratio = r.peer ? (r.higherIsBetter ? r.ours / r.peer : r.peer / r.ours) : null;
  const fmt = (v) => (v === null ? 'n/a' : v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1));
  console.log([r.name.padEnd(58), fmt(r.ours).padStart(12), fmt(r.peer).padStart(12), (ratio ? `${ratio.toFixed(2)}x` : '').padStart(9), `  ${r.unit}`].join(''));
}
console.log('\nratio > 1 means ours is better (more events/s, or less lag). Targets: appends ≥ peer, replay ≥ 20,000 events/s, lag p95 < 100 ms.');

async function measureOursLag(orm, url) {
  const sent = new Map();
  const lags = [];
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  await listener.query('listen bench_seen');
  listener.on('notification', (n) => {
    const t = sent.get(n.payload);
    if (t !== undefined) lags.push(performance.now() - t);
  });
  const notifier = new EventNotifier(url);
  await notifier.start();
  const projector = {
    name: 'BenchLagProjector',
    eventTypes: ['BenchEventRecorded'],
    tables: [],
    async apply(e, em) {
      if (e.streamId.startsWith('lag-')) await em.execute('select pg_notify(?, ?)', ['bench_seen', e.streamId]);
    },
  };
  // Start from the current end of the log: only the steady stream below is measured.
  const seed = new pg.Client({ connectionString: url });
  await seed.connect();
  await seed.query(
    `insert into projector_checkpoints (name, transaction_id, position)
     select 'BenchLagProjector', coalesce(max(transaction_id), '0'), coalesce(max(position), 0) from events`,
  );
  await seed.end();
  const worker = new ProjectionWorker(projector, orm, ours, notifier, { connectionString: url, log: pino({ level: 'silent' }), pollMs: 500 });
  worker.start();
  await new Promise((r) => setTimeout(r, 300));
  await steady(200, 5, async (i) => {
    const stream = `lag-${i}`;
    await ours.append(stream, 'no-stream', [event(i)], meta());
    sent.set(stream, performance.now());
  });
  await new Promise((r) => setTimeout(r, 500));
  await worker.stop();
  await notifier.stop();
  await listener.end();
  return percentiles(lags);
}

async function measurePeerLag(store, url) {
  const sent = new Map();
  const lags = [];
  const consumer = store.consumer({ pulling: { batchSize: 100 } });
  consumer.reactor({
    processorId: 'bench-lag',
    startFrom: 'END',
    eachMessage: async (message) => {
      const t = sent.get(message.metadata.streamName);
      if (t !== undefined) lags.push(performance.now() - t);
    },
  });
  const running = consumer.start();
  await new Promise((r) => setTimeout(r, 500));
  await steady(200, 5, async (i) => {
    const stream = `lag-${i}`;
    await store.appendToStream(stream, [event(i)]);
    sent.set(stream, performance.now());
  });
  await new Promise((r) => setTimeout(r, 500));
  await consumer.stop();
  await Promise.race([running, new Promise((r) => setTimeout(r, 1000))]);
  void url;
  if (lags.length === 0) throw new Error('the consumer saw no events');
  return percentiles(lags);
}

async function steady(perSecond, seconds, send) {
  const interval = 1000 / perSecond;
  const start = performance.now();
  const pending = [];
  for (let i = 0; i < perSecond * seconds; i += 1) {
    const due = start + i * interval;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    pending.push(send(i));
  }
  await Promise.all(pending);
}

function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95) };
}

async function withAdmin(use) {
  const client = new pg.Client({ connectionString: admin });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}
