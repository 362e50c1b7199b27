import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { EventStore } from './event-store';
import { projectBatch } from './project-batch';
import type { Projector } from './projector';

export interface ReplayProgress {
  projector: string;
  phase: 'building' | 'swapping' | 'done';
  eventsApplied: number;
  eventsTotal: number;
}

export interface ReplayResult {
  projector: string;
  eventsApplied: number;
  durationMs: number;
}

/**
 * Rebuilds a read model from position 0 without taking the site down. The projector writes into
 * copies of its tables in a scratch schema (its SQL names tables without a schema, so
 * search_path points it there); the live tables keep serving and keep projecting meanwhile.
 * Then one transaction takes the live checkpoint row (waiting out a running batch and holding
 * off the next), catches the copy up, swaps the tables in and moves the checkpoint over.
 */
export async function replayProjector(
  orm: MikroORM,
  store: EventStore,
  projector: Projector,
  options: { batchSize?: number; onProgress?: (progress: ReplayProgress) => void } = {},
): Promise<ReplayResult> {
  const started = performance.now();
  const batchSize = options.batchSize ?? 1_000;
  const schema = `replay_${projector.name.replace(/[^a-z0-9_]/gi, '_').toLowerCase().slice(0, 30)}_${randomBytes(3).toString('hex')}`;
  const connection = orm.em.getConnection();
  const tables = projector.tables.map(assertIdentifier);
  const eventsTotal = await countEvents(orm, projector);
  let eventsApplied = 0;
  const report = (phase: ReplayProgress['phase']) => options.onProgress?.({ projector: projector.name, phase, eventsApplied, eventsTotal });

  await connection.execute(`create schema "${schema}"`);
  try {
    for (const table of [...tables, 'projector_checkpoints']) {
      await connection.execute(`create table "${schema}"."${table}" (like public."${table}" including all)`);
    }
    report('building');
    for (;;) {
      const applied = await projectBatch(orm, store, projector, { batchSize, schema });
      if (applied === 0) break;
      eventsApplied += applied;
      report('building');
    }

    report('swapping');
    await orm.em.fork().transactional(async (em) => {
      await em.execute(`insert into public.projector_checkpoints (name) values (?) on conflict do nothing`, [projector.name]);
      await em.execute(`select 1 from public.projector_checkpoints where name = ? for update`, [projector.name]);
      for (;;) {
        const applied = await projectBatch(orm, store, projector, { batchSize, schema, em });
        if (applied === 0) break;
        eventsApplied += applied;
      }
      for (const table of tables) {
        await em.execute(`drop table public."${table}"`);
        await em.execute(`alter table "${schema}"."${table}" set schema public`);
      }
      await em.execute(
        `update public.projector_checkpoints live
         set transaction_id = copy.transaction_id, position = copy.position, events_applied = copy.events_applied, updated_at = now()
         from "${schema}".projector_checkpoints copy where live.name = ? and copy.name = live.name`,
        [projector.name],
      );
    });
  } finally {
    await connection.execute(`drop schema if exists "${schema}" cascade`);
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

function assertIdentifier(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`"${name}" is not a plain table name`);
  return name;
}
