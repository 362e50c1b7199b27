import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { lockCheckpoint, readCheckpoint, writeCheckpoint } from './checkpoints';
import type { EventStore } from './event-store';
import type { Projector } from './projector';
import { compareCheckpoints } from './recorded-event';

export interface BatchOptions {
  batchSize: number;
  /** Write into this schema's copies of the projector's tables (a replay), else the live ones. */
  schema?: string;
  /** Run inside this transaction instead of a new one (a replay's final catch-up). */
  em?: EntityManager;
}

export interface BatchResult {
  applied: number;
  /** Nothing more is visible in the log for now: wait for a wake-up before the next batch. */
  caughtUp: boolean;
  /** Committed events are waiting on an older open transaction (see EventStore.readPage). */
  heldBack: boolean;
}

/**
 * Applies the next batch of events to one projector, checkpoint included, in one transaction:
 * a crash anywhere in it leaves both as they were, so no event is applied twice or missed.
 */
export async function projectBatch(orm: MikroORM, store: EventStore, projector: Projector, options: BatchOptions): Promise<BatchResult> {
  const run = async (em: EntityManager): Promise<BatchResult> => {
    if (options.schema) await em.execute(`set local search_path to "${options.schema}", public`);
    // Read first, lock only if there is something to do: a poll that finds nothing then writes
    // nothing (a row lock alone would cost a WAL flush on every idle poll).
    const checkpoint = await readCheckpoint(em, projector.name);
    const page = await store.readPage(checkpoint, options.batchSize, {
      types: projector.eventTypes === 'all' ? undefined : projector.eventTypes,
    });
    if (compareCheckpoints(page.next, checkpoint) <= 0) return { applied: 0, caughtUp: page.caughtUp, heldBack: page.heldBack };
    // The row lock makes a replay's swap and this batch wait for each other; if the checkpoint
    // moved meanwhile (a swap, or a second process that wrongly believes it leads), this page
    // is stale: apply nothing and read again.
    const locked = await lockCheckpoint(em, projector.name);
    if (compareCheckpoints(locked, checkpoint) !== 0) return { applied: 0, caughtUp: false, heldBack: page.heldBack };
    if (page.events.length > 0) {
      if (projector.applyBatch) await projector.applyBatch(page.events, em);
      else for (const event of page.events) await projector.apply(event, em);
    }
    await writeCheckpoint(em, projector.name, page.next, page.events.length);
    return { applied: page.events.length, caughtUp: page.caughtUp, heldBack: page.heldBack };
  };
  if (!options.em) return orm.em.fork().transactional(run);
  // On failure the caller's transaction rolls back, and the search_path with it.
  const result = await run(options.em);
  if (options.schema) await options.em.execute('set local search_path to public');
  return result;
}
