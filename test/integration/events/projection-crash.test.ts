import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import pino from 'pino';
import { mikroOrmConfig } from '../../../backend/src/database/mikro-orm.config';
import { EventNotifier } from '../../../backend/src/events/event-notifier';
import { ProjectionWorker } from '../../../backend/src/events/projection-worker';
import { countingProjector, createCountingTables, seenSummary } from '../../support/counting-projector';
import { CounterIncremented, metadata, testPool, testStore } from '../../support/test-events';

const CHILD = join(__dirname, '..', '..', 'support', 'projection-child.mjs');

let pool: Pool;
beforeAll(async () => {
  pool = testPool();
  await createCountingTables(pool);
});
afterAll(() => pool.end());

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('the worker killed with SIGKILL in the middle of a projection batch', () => {
  it('after a restart, nothing is missing and nothing was applied twice', async () => {
    const prefix = `crash-${randomUUID()}`;
    const name = `crash-${randomUUID()}`;
    const store = testStore(pool);
    for (let i = 0; i < 300; i += 10) {
      await store.append(`${prefix}-${i}`, 'no-stream', Array.from({ length: 10 }, () => CounterIncremented({ by: 1 })), metadata());
    }

    const application = `projection-child-${randomUUID().slice(0, 8)}`;
    const child = spawn(process.execPath, [CHILD, name, prefix, '15'], {
      env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL, PGAPPNAME: application },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    try {
      // Let a batch or two commit, then catch the child inside its next batch's transaction.
      await until(async () => (await seenSummary(pool, name)).events >= 50);
      await until(async () => {
        const { rows } = await pool.query(
          `select count(*)::int as open from pg_stat_activity
           where application_name = $1 and state = 'idle in transaction' and query like '%rm_test_seen%'`,
          [application],
        );
        return rows[0].open > 0;
      });
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      child.kill('SIGKILL');
    }
    expect(await exited).toBe('SIGKILL');
    const atKill = await seenSummary(pool, name);
    expect(atKill.events).toBeLessThan(300);

    const orm = await MikroORM.init(mikroOrmConfig({ DATABASE_URL: process.env.TEST_DATABASE_URL! }));
    const notifier = new EventNotifier(process.env.TEST_DATABASE_URL!);
    const restarted = new ProjectionWorker(countingProjector(name, prefix), orm, store, notifier, {
      connectionString: process.env.TEST_DATABASE_URL!,
      log: pino({ level: 'silent' }),
      pollMs: 50,
      leaderRetryMs: 100,
    });
    try {
      restarted.start();
      await until(async () => (await seenSummary(pool, name)).events === 300);
      expect(await seenSummary(pool, name)).toEqual({ events: 300, duplicates: 0 });
    } finally {
      await restarted.stop();
      await notifier.stop();
      await orm.close(true);
    }
  }, 60_000);
});
