import type { EntityManager } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import type { Projector } from '../../backend/src/events/projector';
import type { RecordedEvent } from '../../backend/src/events/recorded-event';

/**
 * A test read model that records every event it is given, keyed by (stream, version), and how
 * many times it saw each: "exactly once" is then a query.
 */
export async function createCountingTables(pool: Pool): Promise<void> {
  await pool.query(`create table if not exists rm_test_seen (
    projector text not null, stream_id text not null, stream_version int not null, times int not null default 1,
    primary key (projector, stream_id, stream_version))`);
}

/** `delayMs` makes each apply take that long; `onApply` is told of each one, inside the batch's transaction. */
export function countingProjector(name: string, streamPrefix: string, delayMs = 0, onApply?: () => void): Projector {
  return {
    name,
    eventTypes: ['CounterIncremented'],
    tables: ['rm_test_seen'],
    async apply(event: RecordedEvent, em: EntityManager) {
      if (!event.streamId.startsWith(streamPrefix)) return;
      onApply?.();
      // The delay is the fixture (work that takes time, so a stop or a kill lands inside a batch), not a wait for something.
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      await em.execute(
        `insert into rm_test_seen (projector, stream_id, stream_version) values (?, ?, ?)
         on conflict (projector, stream_id, stream_version) do update set times = rm_test_seen.times + 1`,
        [name, event.streamId, event.streamVersion],
      );
    },
  };
}

export async function seenSummary(pool: Pool, projector: string) {
  const { rows } = await pool.query<{ events: string; duplicates: string }>(
    `select count(*) as events, count(*) filter (where times > 1) as duplicates from rm_test_seen where projector = $1`,
    [projector],
  );
  return { events: Number(rows[0]!.events), duplicates: Number(rows[0]!.duplicates) };
}
