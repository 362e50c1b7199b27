import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { readCheckpoint, writeCheckpoint } from './checkpoints';
import type { EventStore } from './event-store';
import type { Projector } from './projector';

export interface BatchOptions {
  batchSize: number;
  /** Write into this schema's copies of the projector's tables (a replay), else the live ones. */
  schema?: string;
  /** Run inside this transaction instead of a new one (a replay's final catch-up). */
  em?: EntityManager;
}

/**
 * Applies the next batch of events to one projector, checkpoint included, in one transaction.
 * Returns how many events it applied (0 when the projector has caught up).
 */
export async function projectBatch(orm: MikroORM, store: EventStore, projector: Projector, options: BatchOptions): Promise<number> {
  const run = async (em: EntityManager) => {
    if (options.schema) await em.execute(`set local search_path to "${options.schema}", public`);
    // FOR UPDATE: a replay's swap takes this row too, so a batch and a swap never interleave.
    const checkpoint = await readCheckpoint(em, projector.name, { lock: true });
    const events = await store.readAll(checkpoint, options.batchSize, {
      types: projector.eventTypes === 'all' ? undefined : [...projector.eventTypes],
    });
    if (events.length === 0) return 0;
    if (projector.applyBatch) await projector.applyBatch(events, em);
    else for (const event of events) await projector.apply(event, em);
    const last = events.at(-1)!;
    await writeCheckpoint(em, projector.name, { transactionId: last.transactionId, position: last.position }, events.length);
    return events.length;
  };
  if (!options.em) return orm.em.fork().transactional(run);
  try {
    return await run(options.em);
  } finally {
    if (options.schema) await options.em.execute('set local search_path to public');
  }
}
