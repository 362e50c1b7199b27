import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { projectBatch } from '../../../backend/src/events/project-batch';
import { countingProjector, createCountingTables, seenSummary } from '../../support/counting-projector';
import { CounterIncremented, metadata } from '../../support/test-events';
import { testDatabaseUrl } from './support/orm';
import { RefusalCountingLocks } from './support/refusal-counting-locks';
import { until } from './support/wait';
import { useProjectionHarness } from './support/projection-harness';

/** A worker process over the compiled backend, running one slow counting projector. */
const CHILD = join(__dirname, '..', '..', 'support', 'projection-child.mjs');

const db = useProjectionHarness({ setup: createCountingTables });

const workerFor = db.workerFor;

describe('two processes with the same projector', () => {
  it('runs it in one at a time, and the other takes over when the leader stops', async () => {
    const prefix = `lead-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    const first = workerFor(countingProjector(name, prefix));
    const secondLocks = new RefusalCountingLocks(name);
    const second = workerFor(countingProjector(name, prefix), { locks: secondLocks });
    try {
      first.start();
      await until('the first leads', () => first.leader);
      second.start();
      await until('the second has asked for the lock twice and been refused', () => secondLocks.refusals >= 2);
      expect(second.leader).toBe(false);

      await db.store.append(`${prefix}-a`, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      await until('the leader projects it', async () => (await seenSummary(db.pool, name)).events === 1);
      expect(second.applied).toBe(0);

      await first.stop();
      await until('the second leads', () => second.leader);
      await db.store.append(`${prefix}-b`, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      await until('the new leader projects it', async () => (await seenSummary(db.pool, name)).events === 2);
      expect(second.applied).toBeGreaterThan(0);
      expect(await seenSummary(db.pool, name)).toEqual({ events: 2, duplicates: 0 });
    } finally {
      await first.stop();
      await second.stop();
      await secondLocks.close();
    }
  });

  it('takes over when the leading process is killed with SIGKILL, and finishes its work exactly once', async () => {
    const prefix = `killed-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    for (let i = 0; i < 10; i += 1) {
      await db.store.append(
        `${prefix}-${i}`,
        'no-stream',
        Array.from({ length: 10 }, () => CounterIncremented({ by: 1 })),
        metadata(),
      );
    }
    const child = spawn(process.execPath, [CHILD, name, prefix, '10'], {
      env: { ...process.env, DATABASE_URL: testDatabaseUrl() },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    const followerLocks = new RefusalCountingLocks(name);
    const follower = workerFor(countingProjector(name, prefix), { locks: followerLocks });
    try {
      await until('the child leads and projects', async () => (await seenSummary(db.pool, name)).events > 0);
      follower.start();
      await until('the follower has asked for the lock twice and been refused', () => followerLocks.refusals >= 2);
      expect(follower.leader).toBe(false);
    } finally {
      child.kill('SIGKILL');
    }
    try {
      expect(await exited).toBe('SIGKILL');
      // Its connections close, its lock goes, and the follower's next attempt gets it.
      await until('the follower leads', () => follower.leader);
      await until('all 100 are projected', async () => (await seenSummary(db.pool, name)).events === 100);
      expect(await seenSummary(db.pool, name)).toEqual({ events: 100, duplicates: 0 });
    } finally {
      await follower.stop();
      await followerLocks.close();
    }
  });

  it('applies nothing twice even if, by mistake, several run it at once without the lock', async () => {
    const prefix = `unlocked-${randomUUID()}`;
    const name = `counting-${randomUUID()}`;
    const projector = countingProjector(name, prefix, 1);
    const writing = (async () => {
      for (let i = 0; i < 20; i += 1) {
        await db.store.append(
          `${prefix}-${i}`,
          'no-stream',
          Array.from({ length: 10 }, () => CounterIncremented({ by: 1 })),
          metadata(),
        );
      }
    })();
    // Four loops over the same checkpoint, as if four processes each believed they led.
    // Each runs batches back to back until it has caught up, then looks whether all 200 are in.
    const loops = Array.from({ length: 4 }, () =>
      until('all 200 are projected', async () => {
        for (let caughtUp = false; !caughtUp;) ({ caughtUp } = await projectBatch(db.orm, db.store, projector, { batchSize: 15 }));
        return (await seenSummary(db.pool, name)).events >= 200;
      }),
    );
    await Promise.all([writing, ...loops]);
    expect(await seenSummary(db.pool, name)).toEqual({ events: 200, duplicates: 0 });
  });
});
