import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import pino from 'pino';
import { mikroOrmConfig } from '../../../backend/src/database/mikro-orm.config';
import { EventNotifier } from '../../../backend/src/events/event-notifier';
import type { EventStore } from '../../../backend/src/events/event-store';
import { ProjectionWorker } from '../../../backend/src/events/projection-worker';
import { countingProjector, createCountingTables, seenSummary } from '../../support/counting-projector';
import { CounterIncremented, metadata, testPool, testStore } from '../../support/test-events';

const url = () => process.env.TEST_DATABASE_URL!;
const log = pino({ level: 'silent' });

let pool: Pool;
let store: EventStore;
let orm: MikroORM;
let notifier: EventNotifier;
beforeAll(async () => {
  pool = testPool(40);
  store = testStore(pool);
  orm = await MikroORM.init(mikroOrmConfig({ DATABASE_URL: url() }));
  notifier = new EventNotifier(url());
  await notifier.start();
  await createCountingTables(pool);
});
afterAll(async () => {
  await notifier.stop();
  await orm.close(true);
  await pool.end();
});

async function until(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** Appends one event in a transaction that stays open for `holdMs` before it commits. */
async function slowAppend(streamId: string, holdMs: number): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query(
      `insert into events (stream_id, stream_version, type, schema_version, data, metadata) values ($1, 1, 'CounterIncremented', 1, '{"by":1}', $2)`,
      [streamId, JSON.stringify(metadata())],
    );
    await client.query("select pg_notify('events', $1)", [streamId]);
    await new Promise((resolve) => setTimeout(resolve, holdMs));
    await client.query('commit');
  } finally {
    client.release();
  }
}

describe('a projector running while many writers append', () => {
  it('counts every event exactly once, even when transactions commit out of position order', async () => {
    const prefix = `ooo-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    const worker = new ProjectionWorker(countingProjector(name, prefix), orm, store, notifier, { connectionString: url(), log, pollMs: 50, batchSize: 50 });
    worker.start();
    try {
      const fastWriters = Array.from({ length: 8 }, async (_, writer) => {
        for (let i = 0; i < 25; i += 1) {
          await store.append(`${prefix}-w${writer}-${i % 5}`, 'any', [CounterIncremented({ by: 1 })], metadata());
        }
      });
      // Each holds its transaction open while later positions commit around it.
      const slowWriters = Array.from({ length: 12 }, (_, i) => slowAppend(`${prefix}-slow-${i}`, 50 + ((i * 37) % 250)));
      await Promise.all([...fastWriters, ...slowWriters]);
      const total = 8 * 25 + 12;
      const { rows } = await pool.query(`select count(*)::int as n from events where stream_id like $1`, [`${prefix}%`]);
      expect(rows[0].n).toBe(total);
      await until(async () => (await seenSummary(pool, name)).events === total);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await seenSummary(pool, name)).toEqual({ events: total, duplicates: 0 });
    } finally {
      await worker.stop();
    }
  });

  it('sees a new event within milliseconds through LISTEN/NOTIFY', async () => {
    const prefix = `lag-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    // Polling alone would take up to 10 s here: only the notification can explain a quick update.
    const worker = new ProjectionWorker(countingProjector(name, prefix), orm, store, notifier, { connectionString: url(), log, pollMs: 10_000 });
    worker.start();
    try {
      await until(async () => worker.leader);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await store.append(`${prefix}-1`, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      await until(async () => (await seenSummary(pool, name)).events === 1, 2_000);
    } finally {
      await worker.stop();
    }
  });
});

describe('two processes with the same projector', () => {
  it('runs it in one at a time, and the other takes over when the leader goes', async () => {
    const prefix = `lead-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    const options = { connectionString: url(), log, pollMs: 50, leaderRetryMs: 100 };
    const first = new ProjectionWorker(countingProjector(name, prefix), orm, store, notifier, options);
    const second = new ProjectionWorker(countingProjector(name, prefix), orm, store, notifier, options);
    try {
      first.start();
      await until(async () => first.leader);
      second.start();
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(second.leader).toBe(false);

      await store.append(`${prefix}-a`, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      await until(async () => (await seenSummary(pool, name)).events === 1);
      expect(second.applied).toBe(0);

      await first.stop();
      await until(async () => second.leader);
      await store.append(`${prefix}-b`, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      await until(async () => (await seenSummary(pool, name)).events === 2);
      expect(second.applied).toBeGreaterThan(0);
      expect(await seenSummary(pool, name)).toEqual({ events: 2, duplicates: 0 });
    } finally {
      await first.stop();
      await second.stop();
    }
  });
});
