import { randomUUID } from 'node:crypto';
import type { Projector } from '../../../backend/src/events/projector';
import { replayProjector, type ReplayProgress } from '../../../backend/src/events/replay';
import { StreamSummaryProjector } from '../../../backend/src/modules/admin/projections/stream-summary.projector';
import { CounterIncremented, metadata, NoteRenamed } from '../../support/test-events';
import { tallyReadModel } from './support/tally-projector';
import { until } from './support/wait';
import { useProjectionHarness } from './support/projection-harness';

const live = tallyReadModel();
const control = tallyReadModel();

const db = useProjectionHarness({
  entities: [live.entity, control.entity],
  setup: async (pool) => {
    await live.createTable(pool);
    await control.createTable(pool);
  },
});

const workerFor = db.workerFor;

/** Seeds `streams` streams of 1 to 4 events, two types, two kinds of actor. */
async function seed(prefix: string, streams: number): Promise<number> {
  let appended = 0;
  for (let i = 0; i < streams; i += 1) {
    const count = 1 + (i % 4);
    const events = Array.from({ length: count }, (_, n) => (n % 2 ? NoteRenamed({ title: `t${n}`, previousTitle: null }) : CounterIncremented({ by: n + 1 })));
    await db.store.append(`${prefix}${i}`, 'no-stream', events, metadata({ actor: i % 2 ? { kind: 'user', userId: `u${i}` } : { kind: 'stripe' } }));
    appended += count;
  }
  return appended;
}

const streamRows = async (prefix: string) => (await db.pool.query(`select * from rm_streams where stream_id like $1 order by stream_id`, [`${prefix}%`])).rows;

const indexesOf = async (table: string) =>
  (
    await db.pool.query(
      `select indexname, regexp_replace(indexdef, 'INDEX \\S+ ON ', 'INDEX ON ') as def from pg_indexes where schemaname = 'public' and tablename = $1 order by indexname`,
      [table],
    )
  ).rows;

const constraintsOf = async (table: string) =>
  (await db.pool.query(`select conname, pg_get_constraintdef(oid) as def from pg_constraint where conrelid = $1::regclass order by conname`, [table])).rows;

describe('replaying StreamSummaryProjector from position 0', () => {
  it('rebuilds rm_streams row for row, while the live table keeps serving and projecting', async () => {
    const prefix = `replay${randomUUID().slice(0, 8)}-`;
    await seed(prefix, 40);
    const worker = workerFor(new StreamSummaryProjector());
    worker.start();
    try {
      await until('the live projection has every stream', async () => (await streamRows(prefix)).length === 40);
      const builtLive = await streamRows(prefix);

      let servedDuringBuild: number | undefined;
      const result = await replayProjector(db.orm, db.store, new StreamSummaryProjector(), {
        batchSize: 100,
        onProgress: (p) => {
          if (p.phase === 'building' && servedDuringBuild === undefined) {
            servedDuringBuild = -1;
            void streamRows(prefix).then((rows) => (servedDuringBuild = rows.length));
          }
        },
      });
      expect(result.eventsApplied).toBeGreaterThanOrEqual(100);
      await until('the read during the build has answered', () => (servedDuringBuild ?? -1) >= 0);
      expect(servedDuringBuild).toBe(40);
      expect(await streamRows(prefix)).toEqual(builtLive);

      // The live projector carries on from the swapped-in checkpoint: no event twice, none lost.
      await db.store.append(`${prefix}0`, 1, [CounterIncremented({ by: 9 })], metadata());
      await until(
        'the live projector applies the next event',
        async () => (await streamRows(prefix)).find((r) => r.stream_id === `${prefix}0`)?.event_count === 2,
      );
      const after = await streamRows(prefix);
      expect(after.find((r) => r.stream_id === `${prefix}0`)).toMatchObject({ version: 2, event_count: 2 });
      expect(after.filter((r) => r.stream_id !== `${prefix}0`)).toEqual(builtLive.filter((r) => r.stream_id !== `${prefix}0`));
    } finally {
      await worker.stop();
    }
  });

  it('keeps the names of the indexes and constraints the migrations made', async () => {
    const [indexes, constraints] = [await indexesOf('rm_streams'), await constraintsOf('rm_streams')];
    expect(indexes.map((i) => i.indexname)).toEqual(['rm_streams_category_idx', 'rm_streams_last_recorded_idx', 'rm_streams_pkey']);
    await replayProjector(db.orm, db.store, new StreamSummaryProjector());
    expect(await indexesOf('rm_streams')).toEqual(indexes);
    expect(await constraintsOf('rm_streams')).toEqual(constraints);
  });
});

describe('replaying a read model written through MikroORM entities', () => {
  it('while writers keep appending, ends row for row equal to the same projection never replayed', async () => {
    const prefix = `tally-${randomUUID().slice(0, 8)}-`;
    const name = `Tally-${randomUUID()}`;
    await seed(prefix, 120);
    const replayed = workerFor(live.projector(name, prefix));
    const untouched = workerFor(control.projector(`${name}-control`, prefix));
    replayed.start();
    untouched.start();
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i += 1) {
        await db.store.append(`${prefix}${i % 150}`, 'any', [CounterIncremented({ by: 1 })], metadata());
        // Paces the writer (a throttle, not a wait for something): appends keep coming all through the replay without flooding the pool.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    try {
      await until('both have started', async () => (await live.rows(db.pool)).length > 0 && (await control.rows(db.pool)).length > 0);
      const progress: ReplayProgress[] = [];
      await replayProjector(db.orm, db.store, live.projector(name, prefix), { batchSize: 50, onProgress: (p) => progress.push({ ...p }) });
      writing = false;
      await writer;

      const { rows } = await db.pool.query<{ streams: number; events: number }>(
        `select count(distinct stream_id)::int as streams, count(*)::int as events from events where stream_id like $1 and type = 'CounterIncremented'`,
        [`${prefix}%`],
      );
      await until('both have every event', async () => {
        const [a, b] = [await live.rows(db.pool), await control.rows(db.pool)];
        const sum = (rs: Record<string, unknown>[]) => rs.reduce((n, r) => n + Number(r.events), 0);
        return a.length === rows[0]!.streams && sum(a) === rows[0]!.events && sum(b) === rows[0]!.events;
      });
      expect(await live.rows(db.pool)).toEqual(await control.rows(db.pool));

      expect(progress.map((p) => p.phase)).toEqual([...progress.filter((p) => p.phase === 'building').map(() => 'building'), 'swapping', 'done']);
      const applied = progress.map((p) => p.eventsApplied);
      expect(applied).toEqual([...applied].sort((a, b) => a - b));
      expect(progress.at(-1)!.eventsApplied).toBeGreaterThanOrEqual(progress[0]!.eventsTotal);
    } finally {
      writing = false;
      await writer;
      await replayed.stop();
      await untouched.stop();
    }
  });

  it('keeps its own index and check constraint under their names', async () => {
    const [indexes, constraints] = [await indexesOf(live.table), await constraintsOf(live.table)];
    expect(indexes.map((i) => i.indexname)).toEqual([`${live.table}_by_total_idx`, `${live.table}_pkey`]);
    await replayProjector(db.orm, db.store, live.projector(`Tally-${randomUUID()}`, 'nothing-'));
    expect(await indexesOf(live.table)).toEqual(indexes);
    expect(await constraintsOf(live.table)).toEqual(constraints);
  });
});

describe('a replay that fails half-way', () => {
  it('leaves the live read model and its checkpoint as they were, and no scratch schema behind', async () => {
    const prefix = `fail-${randomUUID().slice(0, 8)}-`;
    const name = `Tally-${randomUUID()}`;
    await seed(prefix, 20);
    const worker = workerFor(live.projector(name, prefix));
    worker.start();
    try {
      await until(
        'the live projection has every stream',
        async () => (await live.rows(db.pool)).filter((r) => String(r.stream_id).startsWith(prefix)).length === 20,
      );
    } finally {
      await worker.stop();
    }
    const before = await live.rows(db.pool);
    const checkpoint = (await db.pool.query('select * from projector_checkpoints where name = $1', [name])).rows;

    const healthy = live.projector(name, prefix);
    let applied = 0;
    const breaksAfterTen: Projector = {
      ...healthy,
      async apply(event, em) {
        if (event.streamId.startsWith(prefix) && ++applied > 10) throw new Error('the projector broke');
        await healthy.apply(event, em);
      },
    };
    await expect(replayProjector(db.orm, db.store, breaksAfterTen, { batchSize: 5 })).rejects.toThrow('the projector broke');

    expect(await live.rows(db.pool)).toEqual(before);
    expect((await db.pool.query('select * from projector_checkpoints where name = $1', [name])).rows).toEqual(checkpoint);
    const { rows } = await db.pool.query(`select nspname from pg_namespace where nspname like $1`, [
      `replay_${name
        .toLowerCase()
        .replace(/[^a-z0-9_]/g, '_')
        .slice(0, 30)}%`,
    ]);
    expect(rows).toEqual([]);
  });
});
