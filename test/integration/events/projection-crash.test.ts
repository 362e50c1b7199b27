import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import { EventNotifier } from '../../../backend/src/events/event-notifier';
import { ProjectionWorker } from '../../../backend/src/events/projection-worker';
import { countingProjector, createCountingTables, seenSummary } from '../../support/counting-projector';
import { CounterIncremented, metadata, testPool, testStore } from '../../support/test-events';
import { silentLog, testDatabaseUrl, testOrm } from './support/orm';
import { until } from './support/wait';

/** A worker process over the compiled backend: a counting projector, slow per event, batches of 50. */
const CHILD = join(__dirname, '..', '..', 'support', 'projection-child.mjs');

let pool: Pool;
beforeAll(async () => {
  pool = testPool();
  await createCountingTables(pool);
});
afterAll(() => pool.end());

describe('the worker killed with SIGKILL in the middle of a projection batch', () => {
  it('after a restart, nothing is missing and nothing was applied twice', async () => {
    const prefix = `crash-${randomUUID()}`;
    const name = `crash-${randomUUID()}`;
    const store = testStore(pool);
    for (let i = 0; i < 300; i += 10) {
      await store.append(
        `${prefix}-${i}`,
        'no-stream',
        Array.from({ length: 10 }, () => CounterIncremented({ by: 1 })),
        metadata(),
      );
    }

    const application = `projection-child-${randomUUID().slice(0, 8)}`;
    const child = spawn(process.execPath, [CHILD, name, prefix, '15'], {
      env: { ...process.env, DATABASE_URL: testDatabaseUrl(), PGAPPNAME: application },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    try {
      // Let a batch commit, then catch the child inside the next batch's open transaction,
      // after it has written some read-model rows.
      await until('a first batch has committed', async () => (await seenSummary(pool, name)).events >= 50);
      await until('the child is inside a batch, having written to the read model', async () => {
        const { rows } = await pool.query(
          `select count(*)::int as open from pg_stat_activity
           where application_name = $1 and state = 'idle in transaction' and query like '%rm_test_seen%'`,
          [application],
        );
        return rows[0].open > 0;
      });
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');
    // The half-done batch rolled back with the connection: the read model holds exactly the
    // events up to the committed checkpoint.
    const atKill = await seenSummary(pool, name);
    expect(atKill.events).toBeLessThan(300);
    const { rows } = await pool.query<{ n: number }>(
      `select count(*)::int as n from events e, projector_checkpoints c
       where c.name = $1 and e.stream_id like $2 and (e.transaction_id, e.position) <= (c.transaction_id, c.position)`,
      [name, `${prefix}%`],
    );
    expect(atKill).toEqual({ events: rows[0]!.n, duplicates: 0 });

    const orm: MikroORM = await testOrm();
    const notifier = new EventNotifier(testDatabaseUrl());
    const restarted = new ProjectionWorker(countingProjector(name, prefix), orm, store, notifier, {
      connectionString: testDatabaseUrl(),
      log: silentLog,
      pollMs: 50,
      leaderRetryMs: 100,
    });
    try {
      restarted.start();
      await until('the restarted worker has projected all 300', async () => (await seenSummary(pool, name)).events === 300);
      expect(await seenSummary(pool, name)).toEqual({ events: 300, duplicates: 0 });
    } finally {
      await restarted.stop();
      await notifier.stop();
      await orm.close(true);
    }
  });
});
