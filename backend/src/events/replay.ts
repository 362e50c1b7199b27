import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventStore } from './event-store';
import { projectBatch } from './project-batch';
import type { Projector } from './projector';
import { assertPlainIdentifier, createShadowTables, shadowSchemaName, swapInShadowTables } from './shadow-tables';

export interface ReplayProgress {
  projector: string;
  phase: 'building' | 'swapping' | 'done';
  eventsApplied: number;
  /** Counted when the replay starts; events appended meanwhile can take eventsApplied past it. */
  eventsTotal: number;
}

export interface ReplayResult {
  projector: string;
  eventsApplied: number;
  durationMs: number;
}

/**
 * Rebuilds a read model from position 0 without taking the site down. The projector writes into
 * copies of its tables in a scratch schema (it names tables without a schema, as MikroORM does,
 * so search_path points it there), with its own checkpoint copy; the live tables keep serving and
 * keep projecting meanwhile. Then one transaction takes the live checkpoint row (waiting out a
 * running batch and holding off the next), catches the copy up to the end of the log, swaps the
 * tables in and moves the live checkpoint to the copy's. Readers wait only for that transaction.
 */
export async function replayProjector(
  orm: MikroORM,
  store: EventStore,
  projector: Projector,
  options: {
    batchSize?: number;
    onProgress?: (progress: ReplayProgress) => void;
    /** Aborting stops between batches; the copies are dropped and the live tables stay as they were. */
    signal?: AbortSignal;
  } = {},
): Promise<ReplayResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1_000;
  const schema = shadowSchemaName(projector.name, randomBytes(3).toString('hex'));
  const tables = projector.tables.map(assertPlainIdentifier);
  const ddl = orm.em.fork();
  const eventsTotal = await countEvents(orm, projector);
  let eventsApplied = 0;
  const report = (phase: ReplayProgress['phase']) => options.onProgress?.({ projector: projector.name, phase, eventsApplied, eventsTotal });

  try {
    await createShadowTables(ddl, schema, [...tables, 'projector_checkpoints']);
    report('building');
    for (let caughtUp = false; !caughtUp;) {
      options.signal?.throwIfAborted();
      const batch = await projectBatch(orm, store, projector, { batchSize, schema });
      eventsApplied += batch.applied;
      caughtUp = batch.caughtUp;
      report('building');
    }

    options.signal?.throwIfAborted();
    report('swapping');
    await orm.em.fork().transactional(async (em) => {
      await em.execute(`insert into public.projector_checkpoints (name) values (?) on conflict do nothing`, [projector.name]);
      await em.execute(`select 1 from public.projector_checkpoints where name = ? for update`, [projector.name]);
      for (let caughtUp = false; !caughtUp;) {
        const batch = await projectBatch(orm, store, projector, { batchSize, schema, em });
        eventsApplied += batch.applied;
        caughtUp = batch.caughtUp;
      }
      await swapInShadowTables(em, schema, tables);
      await em.execute(
        `update public.projector_checkpoints live
         set transaction_id = copy.transaction_id, position = copy.position, events_applied = copy.events_applied, updated_at = now()
         from "${schema}".projector_checkpoints copy where live.name = ? and copy.name = live.name`,
        [projector.name],
      );
    });
  } finally {
    await ddl.execute(`drop schema if exists "${schema}" cascade`);
  }
  report('done');
  return { projector: projector.name, eventsApplied, durationMs: Math.round(performance.now() - started) };
}

async function countEvents(orm: MikroORM, projector: Projector): Promise<number> {
  const connection = orm.em.getConnection();
  const rows =
    projector.eventTypes === 'all'
      ? await connection.execute<{ n: string }[]>('select count(*) as n from events')
      : await connection.execute<{ n: string }[]>(`select count(*) as n from events where type in (${projector.eventTypes.map(() => '?').join(', ')})`, [
          ...projector.eventTypes,
        ]);
  return Number(rows[0]?.n ?? 0);
}
