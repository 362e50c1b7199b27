// The event store against Emmett's PostgreSQL store (the peer), in one run on the same Postgres:
// appends/s (1 and 16 writers; single events and 10-event batches), reading the whole log,
// rebuilding a read model from position 0, and projection lag (append → read model committed)
// at a steady 200 and 2,000 events/s. Each store gets its own fresh database, dropped at the end.
// BENCH_SECONDS (default 4) sets the length of each append case; BENCH_ONLY=lag runs the lag cases alone;
// BENCH_LAG_PROBE=each makes our lag projector send one statement per event (see startOursLagProjector).
import { randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import pg from 'pg';
import { peerAppend, peerReadAll, peerReplaySummary, startPeer, startPeerLagProjector } from './support/emmett-peer.mjs';
import { STREAM_SUMMARY_TABLE } from './support/stream-summary-sql.mjs';

const require = createRequire(import.meta.url);
const dist = (path) => require(`../dist/app/backend/src/${path}`);
const { prepareDatabase } = dist('prepare-database.js');
const { EventRegistry, defineEvent } = dist('events/event-registry.js');
const { EventStore } = dist('events/event-store.js');
const { LOG_START } = dist('events/recorded-event.js');
const { EventNotifier } = dist('events/event-notifier.js');
const { ProjectionWorker } = dist('events/projection-worker.js');
const { replayProjector } = dist('events/replay.js');
const { StreamSummaryProjector } = dist('modules/admin/projections/stream-summary.projector.js');
const { mikroOrmConfig } = dist('platform/database/mikro-orm.config.js');
const { MikroORM } = require('@mikro-orm/postgresql');
const { z } = require('zod');
const pino = require('pino');
const peerVersion = JSON.parse(readFileSync(new URL('../node_modules/@event-driven-io/emmett-postgresql/package.json', import.meta.url), 'utf8')).version;

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ONLY_LAG = process.env.BENCH_ONLY === 'lag';
const LAG_RATES = [200, 2_000];
const PROBE_EACH = process.env.BENCH_LAG_PROBE === 'each';
const LAG_SECONDS = 5;
/** How long after the last append a projection may still arrive and count. */
const LAG_DRAIN_MS = 3_000;
const PAGE = 1_000;
const REPLAY_EVENTS = 20_000;
const admin = process.env.TEST_POSTGRES_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const registry = new EventRegistry().register(
  defineEvent({ type: 'BenchEventRecorded', schemaVersion: 1, schema: z.object({ n: z.number().int(), note: z.string() }) }),
);
const event = (n) => ({ type: 'BenchEventRecorded', data: { n, note: 'a short payload of the usual size' } });
const meta = () => ({ correlationId: randomUUID(), causationId: null, actor: { kind: 'system' } });

const results = [];
const notes = [];
const row = (name, ours, peer, unit, higherIsBetter = true) => results.push({ name, ours, peer, unit, higherIsBetter });
const databases = [];
const benchStarted = performance.now();

let oursUrl, peerUrl, oursPool, ours, peer, orm;
// Set up inside the try: a failure there (the server out of connections) still drops the databases.
try {
  oursUrl = await freshDatabase('ours');
  peerUrl = await freshDatabase('emmett');
  await prepareDatabase({ DATABASE_URL: oursUrl });
  oursPool = new pg.Pool({ connectionString: oursUrl, max: 20 });
  ours = new EventStore(oursPool, registry);
  peer = await startPeer(peerUrl);
  orm = await MikroORM.init(mikroOrmConfig({ DATABASE_URL: oursUrl }));
  if (!ONLY_LAG) await throughputCases();
  for (const rate of LAG_RATES) {
    const lagOurs = await measureLag(
      oursUrl,
      rate,
      () => startOursLagProjector(),
      (stream, i) => ours.append(stream, 'no-stream', [event(i)], meta()),
    );
    const lagPeer = await measureLag(
      peerUrl,
      rate,
      (channel) => startPeerLagProjector(peerUrl, channel),
      (stream, i) => peerAppend(peer, stream, [event(i)]),
    );
    row(`projection lag p50 at ${count(rate)} events/s`, lagOurs.p50, lagPeer.p50, 'ms', false);
    row(`projection lag p95 at ${count(rate)} events/s`, lagOurs.p95, lagPeer.p95, 'ms', false);
    notes.push(`lag at ${count(rate)}/s: ${lagNote('ours', lagOurs)}; ${lagNote('emmett', lagPeer)}`);
  }
} finally {
  await orm?.close(true);
  await oursPool?.end();
  await peer?.close();
  // A pool's end() can resolve while a connection is still closing (ours, or Emmett's that has no
  // error listener): the forced drop ends it, and that error must not kill the run before the table.
  process.on('uncaughtException', (error) => {
    if (error?.code !== '57P01') throw error;
  });
  for (const name of databases) await withClient(admin, (c) => c.query(`drop database if exists ${name} with (force)`));
}

printTable();

// ---------------------------------------------------------------------------------------------

async function throughputCases() {
  for (const writers of [1, 16]) {
    for (const batch of [1, 10]) {
      const events = Array.from({ length: batch }, (_, n) => event(n));
      const oursRate = await appendsPerSecond(writers, () => ours.append(`bench-${randomUUID()}`, 'no-stream', events, meta()), batch);
      const peerRate = await appendsPerSecond(writers, () => peerAppend(peer, `bench-${randomUUID()}`, events), batch);
      row(`append, ${writers} writer${writers > 1 ? 's' : ''}, ${batch === 1 ? 'single events' : '10-event batches'}`, oursRate, peerRate, 'events/s');
    }
  }

  const oursRead = await timed(() => readAllOurs());
  const peerRead = await timed(() => peerReadAll(peerUrl, PAGE));
  const stored = { ours: await countRows(oursUrl, 'events'), peer: await countRows(peerUrl, 'emt_messages') };
  row(`read the whole log, pages of ${PAGE}`, oursRead.value.read / (oursRead.ms / 1000), peerRead.value.read / (peerRead.ms / 1000), 'events/s');
  notes.push(readNote('ours', oursRead.value, stored.ours), readNote('emmett', peerRead.value, stored.peer));

  // Replays on fresh databases holding the same history: REPLAY_EVENTS events in streams of 4,
  // appended by 16 concurrent writers (so transactions interleave as in production).
  const replayUrls = { ours: await freshDatabase('ours_replay'), peer: await freshDatabase('emmett_replay') };
  await prepareDatabase({ DATABASE_URL: replayUrls.ours });
  const replayPool = new pg.Pool({ connectionString: replayUrls.ours, max: 20 });
  const replayStore = new EventStore(replayPool, registry);
  const replayPeer = await startPeer(replayUrls.peer);
  const history = Array.from({ length: 4 }, (_, n) => event(n));
  await seedConcurrently(REPLAY_EVENTS / 4, () => replayStore.append(`replay-${randomUUID()}`, 'no-stream', history, meta()));
  await seedConcurrently(REPLAY_EVENTS / 4, () => peerAppend(replayPeer, `replay-${randomUUID()}`, history));
  const replayOrm = await MikroORM.init(mikroOrmConfig({ DATABASE_URL: replayUrls.ours }));
  const oursReplay = await timed(() => replayProjector(replayOrm, replayStore, new StreamSummaryProjector(), { batchSize: 2_000 }));
  await replayOrm.close(true);
  await replayPool.end();
  await replayPeer.close();
  await withClient(replayUrls.peer, (c) => c.query(STREAM_SUMMARY_TABLE('peer_streams')));
  const peerReplay = await timed(() => peerReplaySummary(replayUrls.peer, { batchSize: 2_000, eventTypes: ['BenchEventRecorded'] }));
  const rebuilt = {
    ours: await withClient(replayUrls.ours, async (c) => Number((await c.query('select coalesce(sum(event_count), 0) as n from rm_streams')).rows[0].n)),
    peer: await withClient(replayUrls.peer, async (c) => Number((await c.query('select coalesce(sum(event_count), 0) as n from peer_streams')).rows[0].n)),
  };
  row(
    `replay a stream-summary read model (${count(REPLAY_EVENTS)} events)`,
    rebuilt.ours / (oursReplay.ms / 1000),
    rebuilt.peer / (peerReplay.ms / 1000),
    'events/s',
  );
  notes.push(
    `replay: ours rebuilt ${count(rebuilt.ours)} of ${count(REPLAY_EVENTS)} events in ${count(Math.round(oursReplay.ms))} ms (built beside the live table, then swapped in)`,
    `replay: emmett rebuilt ${count(rebuilt.peer)} of ${count(REPLAY_EVENTS)} events in ${count(Math.round(peerReplay.ms))} ms (rebuildPostgreSQLProjections: truncates the live table, one handler call per event)`,
  );
}

async function appendsPerSecond(writers, appendOne, eventsPerAppend) {
  let appended = 0;
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (performance.now() < deadline) {
        await appendOne();
        appended += eventsPerAppend;
      }
    }),
  );
  return appended / ((performance.now() - started) / 1000);
}

async function seedConcurrently(appends, appendOne) {
  let next = 0;
  await Promise.all(
    Array.from({ length: 16 }, async () => {
      while (next < appends) {
        next += 1;
        await appendOne();
      }
    }),
  );
}

async function readAllOurs() {
  const seen = new Set();
  let read = 0;
  for (let after = LOG_START; ;) {
    const page = await ours.readPage(after, PAGE);
    read += page.events.length;
    for (const e of page.events) seen.add(e.position);
    if (page.caughtUp) return { read, distinct: seen.size };
    after = page.next;
  }
}

function readNote(who, { read, distinct }, stored) {
  const missed = stored - distinct;
  const twice = read - distinct;
  return `read: ${who} read ${count(distinct)} of ${count(stored)} events${missed || twice ? ` (missed ${count(missed)}, read ${count(twice)} twice)` : ', each once'}`;
}

async function countRows(url, table) {
  return withClient(url, async (c) => Number((await c.query(`select count(*) as n from ${table}`)).rows[0].n));
}

/**
 * A projector that NOTIFYs each event's stream inside the batch transaction: seen = committed.
 * It notifies a whole batch in one statement (applyBatch), as a projector that reads every event
 * at these rates is written (StreamSummaryProjector is); Emmett 0.42 calls its handlers once per
 * message, so the peer's probe sends one statement per event. BENCH_LAG_PROBE=each makes ours do the
 * same, to see what a projector costs that sends a statement per event.
 */
async function startOursLagProjector() {
  const channel = 'bench_seen';
  const notifier = new EventNotifier(oursUrl);
  await notifier.start();
  const measured = (e) => e.streamId.startsWith('lag-');
  const projector = {
    name: 'BenchLagProjector',
    eventTypes: ['BenchEventRecorded'],
    tables: [],
    async apply(e, em) {
      if (measured(e)) await em.execute('select pg_notify(?, ?)', [channel, e.streamId]);
    },
    ...(PROBE_EACH
      ? {}
      : {
          async applyBatch(events, em) {
            const streams = events.filter(measured).map((e) => e.streamId);
            if (streams.length > 0) await em.execute("select pg_notify(?, s) from unnest(string_to_array(?, ' ')) s", [channel, streams.join(' ')]);
          },
        }),
  };
  // Starts at the current end of the log: only the steady stream is measured.
  await withClient(oursUrl, (c) =>
    c.query(`insert into projector_checkpoints (name, transaction_id, position)
             select 'BenchLagProjector', coalesce(max(transaction_id), '0'), coalesce(max(position), 0) from events
             on conflict (name) do update set transaction_id = excluded.transaction_id, position = excluded.position`),
  );
  const worker = new ProjectionWorker(projector, orm, ours, notifier, { connectionString: oursUrl, log: pino({ level: 'silent' }) });
  worker.start();
  return {
    async stop() {
      await worker.stop();
      await notifier.stop();
    },
  };
}

/**
 * Appends one event per stream at a steady `rate` for LAG_SECONDS; lag = append sent → projection
 * committed. An append not projected within LAG_DRAIN_MS of the last counts as infinitely late, so
 * a projector that falls behind shows as n/a rather than as the lag of the events it did reach.
 */
async function measureLag(url, rate, startProjector, append) {
  const channel = 'bench_seen';
  const sentAt = new Map();
  const lags = [];
  const appendMs = [];
  const listener = new pg.Client({ connectionString: url });
  await listener.connect();
  await listener.query(`listen ${channel}`);
  listener.on('notification', (n) => {
    const t = sentAt.get(n.payload);
    if (t === undefined) return;
    // Counted once: a store that projects an event twice (Emmett's position-only checkpoint can) is not faster for it.
    sentAt.delete(n.payload);
    lags.push(performance.now() - t);
  });
  const projector = await startProjector(channel);
  await sleep(1_000);
  const interval = 1000 / rate;
  const start = performance.now();
  const pending = [];
  const total = rate * LAG_SECONDS;
  for (let i = 0; i < total; i += 1) {
    const wait = start + i * interval - performance.now();
    if (wait > 0) await sleep(wait);
    const stream = `lag-${rate}-${i}`;
    const sent = performance.now();
    sentAt.set(stream, sent);
    pending.push(append(stream, i).then(() => appendMs.push(performance.now() - sent)));
  }
  await Promise.all(pending);
  for (let waited = 0; lags.length < total && waited < LAG_DRAIN_MS; waited += 50) await sleep(50);
  await projector.stop();
  await listener.end();
  const seen = lags.length;
  return { ...percentiles(lags, total), seen, sent: total, appendP95: percentiles(appendMs, total).p95 };
}

function percentiles(values, total) {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (q) => sorted[Math.floor(q * total)] ?? Number.POSITIVE_INFINITY;
  return { p50: at(0.5), p95: at(0.95) };
}

function lagNote(who, lag) {
  return `${who} projected ${count(lag.seen)} of ${count(lag.sent)} within ${LAG_DRAIN_MS / 1000} s of the last (append itself p95 ${fmt(lag.appendP95)} ms)`;
}

function printTable() {
  const seconds = ((performance.now() - benchStarted) / 1000).toFixed(0);
  console.log(`\nEvent store vs @event-driven-io/emmett-postgresql ${peerVersion} (same Postgres; ${SECONDS} s per append case; run took ${seconds} s)\n`);
  console.log(['measure'.padEnd(64), 'ours'.padStart(10), 'emmett'.padStart(10), 'ratio'.padStart(8), '  unit'].join(''));
  for (const r of results) {
    const ratio = r.peer && Number.isFinite(r.peer) && Number.isFinite(r.ours) ? (r.higherIsBetter ? r.ours / r.peer : r.peer / r.ours) : null;
    console.log(
      [r.name.padEnd(64), fmt(r.ours).padStart(10), fmt(r.peer).padStart(10), (ratio ? `${ratio.toFixed(2)}x` : '').padStart(8), `  ${r.unit}`].join(''),
    );
  }
  console.log('\nratio > 1: ours is better (more events/s, or less lag).');
  console.log(`n/a in a lag row: over half (p50) or 5% (p95) of the appends were not projected within ${LAG_DRAIN_MS / 1000} s of the last.\n`);
  for (const note of notes) console.log(`  ${note}`);
  console.log('');
  const get = (prefix) => results.find((r) => r.name.startsWith(prefix));
  const appendsOk = results.filter((r) => r.name.startsWith('append')).every((r) => r.ours >= r.peer);
  const checks = [
    ...(ONLY_LAG
      ? []
      : [
          ['appends at least the peer’s in every case', appendsOk],
          ['replay at least 20,000 events/s', get('replay').ours >= 20_000],
        ]),
    ['projection lag p95 under 100 ms at 200 events/s', get('projection lag p95 at 200 ').ours < 100],
    ['projection lag p95 under 50 ms at 2,000 events/s', get('projection lag p95 at 2,000 ').ours < 50],
  ];
  for (const [what, ok] of checks) console.log(`${ok ? '✔' : '✘'} target: ${what}`);
}

function fmt(v) {
  if (v === null || v === undefined || !Number.isFinite(v)) return 'n/a';
  return v >= 100 ? Math.round(v).toLocaleString('en-US') : v.toFixed(1);
}

function count(n) {
  return n.toLocaleString('en-US');
}

async function timed(run) {
  const started = performance.now();
  const value = await run();
  const ms = performance.now() - started;
  return { value, ms, perSecond: typeof value === 'number' ? value / (ms / 1000) : undefined };
}

async function freshDatabase(label) {
  const name = `sculpt_bench_${label}_${randomBytes(3).toString('hex')}`;
  await withClient(admin, (c) => c.query(`create database ${name}`));
  databases.push(name);
  return Object.assign(new URL(admin), { pathname: `/${name}` }).toString();
}

async function withClient(url, use) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
