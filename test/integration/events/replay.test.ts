import { randomUUID } from 'node:crypto';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import pino from 'pino';
import { mikroOrmConfig } from '../../../backend/src/database/mikro-orm.config';
import { EventNotifier } from '../../../backend/src/events/event-notifier';
import type { EventStore } from '../../../backend/src/events/event-store';
import { ProjectionWorker } from '../../../backend/src/events/projection-worker';
import { replayProjector, type ReplayProgress } from '../../../backend/src/events/replay';
import { StreamSummaryProjector } from '../../../backend/src/modules/admin/projections/stream-summary.projector';
import { CounterIncremented, NoteRenamed, metadata, testPool, testStore } from '../../support/test-events';

const url = () => process.env.TEST_DATABASE_URL!;

let pool: Pool;
let store: EventStore;
let orm: MikroORM;
let notifier: EventNotifier;
beforeAll(async () => {
  pool = testPool();
  store = testStore(pool);
  orm = await MikroORM.init(mikroOrmConfig({ DATABASE_URL: url() }));
  notifier = new EventNotifier(url());
  await notifier.start();
});
afterAll(async () => {
  await notifier.stop();
  await orm.close(true);
  await pool.end();
});

async function until(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const rowsFor = async (prefix: string) =>
  (await pool.query(`select * from rm_streams where stream_id like $1 order by stream_id`, [`${prefix}%`])).rows;

async function seed(prefix: string, streams: number): Promise<number> {
  let appended = 0;
  for (let i = 0; i < streams; i += 1) {
    const count = 1 + (i % 4);
    const events = Array.from({ length: count }, (_, n) => (n % 2 ? NoteRenamed({ title: `t${n}`, previousTitle: null }) : CounterIncremented({ by: n })));
    await store.append(`${prefix.replace(/-$/, '')}-${i}`, 'no-stream', events, metadata({ actor: i % 2 ? { kind: 'user', userId: `u${i}` } : { kind: 'stripe' } }));
    appended += count;
  }
  return appended;
}

describe('replaying StreamSummaryProjector from position 0', () => {
  it('rebuilds rm_streams row for row, while the live table keeps serving and projecting', async () => {
    const prefix = `replay${randomUUID().slice(0, 8)}-`;
    await seed(prefix, 40);
    const live = new ProjectionWorker(new StreamSummaryProjector(), orm, store, notifier, {
      connectionString: url(),
      log: pino({ level: 'silent' }),
      pollMs: 50,
      leaderRetryMs: 100,
    });
    live.start();
    try {
      await until(async () => (await rowsFor(prefix)).length === 40);
      const builtLive = await rowsFor(prefix);

      const progress: ReplayProgress[] = [];
      let servedDuringBuild = 0;
      const result = await replayProjector(orm, store, new StreamSummaryProjector(), {
        batchSize: 100,
        onProgress: (p) => {
          progress.push(p);
          if (p.phase === 'building' && servedDuringBuild === 0) {
            void rowsFor(prefix).then((rows) => (servedDuringBuild = rows.length));
          }
        },
      });
      expect(result.eventsApplied).toBeGreaterThanOrEqual(100);
      expect(progress.at(-1)).toMatchObject({ phase: 'done' });
      expect(progress.some((p) => p.phase === 'swapping')).toBe(true);
      await until(async () => servedDuringBuild > 0);
      expect(servedDuringBuild).toBe(40);
      expect(await rowsFor(prefix)).toEqual(builtLive);

      // The live projector carries on from the swapped-in checkpoint: no event twice, none lost.
      await store.append(`${prefix}0`, 1, [CounterIncremented({ by: 9 })], metadata());
      await until(async () => (await rowsFor(prefix)).find((r) => r.stream_id === `${prefix}0`)?.event_count === 2);
      const after = await rowsFor(prefix);
      expect(after.find((r) => r.stream_id === `${prefix}0`)).toMatchObject({ version: 2, event_count: 2 });
      expect(after.filter((r) => r.stream_id !== `${prefix}0`)).toEqual(builtLive.filter((r) => r.stream_id !== `${prefix}0`));
    } finally {
      await live.stop();
    }
  });

  it('leaves no scratch schema behind', async () => {
    const { rows } = await pool.query(`select nspname from pg_namespace where nspname like 'replay_%'`);
    expect(rows).toEqual([]);
  });
});
