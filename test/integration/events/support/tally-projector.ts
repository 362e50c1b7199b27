import { randomBytes } from 'node:crypto';
import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { Projector } from '../../../../backend/src/events/projector';
import type { RecordedEvent } from '../../../../backend/src/events/recorded-event';

/**
 * A read model written only through MikroORM entities (find, create, flush): per stream, how many
 * CounterIncremented events and their sum. Each call makes its own table, so replays of it
 * touch nothing another test reads.
 */
export function tallyReadModel() {
  const table = `rm_tally_${randomBytes(4).toString('hex')}`;
  const Tally = defineEntity({
    name: `Tally_${table}`,
    tableName: table,
    properties: {
      streamId: p.string().primary(),
      events: p.integer(),
      total: p.integer(),
    },
  });

  async function createTable(pool: Pool): Promise<void> {
    await pool.query(`create table ${table} (
      stream_id text primary key, events integer not null, total integer not null,
      constraint ${table}_total_check check (total >= 0))`);
    await pool.query(`create index ${table}_by_total_idx on ${table} (total desc, stream_id)`);
  }

  function projector(name: string, streamPrefix: string): Projector {
    return {
      name,
      eventTypes: ['CounterIncremented'],
      tables: [table],
      async apply(event: RecordedEvent, em: EntityManager) {
        if (!event.streamId.startsWith(streamPrefix)) return;
        const { by } = event.data as { by: number };
        const row = await em.findOne(Tally, { streamId: event.streamId });
        if (row) {
          row.events += 1;
          row.total += by;
        } else {
          em.create(Tally, { streamId: event.streamId, events: 1, total: by });
        }
        await em.flush();
      },
    };
  }

  async function rows(pool: Pool): Promise<Record<string, unknown>[]> {
    return (await pool.query(`select * from ${table} order by stream_id`)).rows;
  }

  return { table, entity: Tally, createTable, projector, rows };
}
