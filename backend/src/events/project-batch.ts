import type { MikroORM } from '@mikro-orm/postgresql';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import type { EventStore } from './event-store';
import type { Projector } from './projector';

export interface BatchOptions {
  batchSize: number;
  /** Write into this schema's copies of the projector's tables (a replay), else the live ones. */
  schema?: string;
}

/**
 * Applies the next batch of events to one projector, checkpoint included, in one transaction.
 * Returns how many events it applied (0 when the projector has caught up).
 */
export async function projectBatch(orm: MikroORM, store: EventStore, projector: Projector, options: BatchOptions): Promise<number> {
  return orm.em.fork().transactional(async (em) => {
    if (options.schema) await em.execute(`set local search_path to "${options.schema}", public`);
    const checkpoint = await readCheckpoint(em, projector.name);
    const events = await store.readAll(checkpoint, options.batchSize, {
      types: projector.eventTypes === 'all' ? undefined : [...projector.eventTypes],
    });
    if (events.length === 0) return 0;
    for (const event of events) await projector.apply(event, em);
    const last = events.at(-1)!;
    await writeCheckpoint(em, projector.name, { transactionId: last.transactionId, position: last.position }, events.length);
    return events.length;
  });
}
