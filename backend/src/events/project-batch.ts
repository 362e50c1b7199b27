import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { advanceCheckpoint, lockCheckpoint, readCheckpoint, writeCheckpoint } from './checkpoints';
import type { EventStore } from './event-store';
import type { Projector } from './projector';
import { compareCheckpoints, type LogCheckpoint, type LogPage } from './recorded-event';

export interface BatchOptions {
  batchSize: number;
  /**
   * Where the caller last left the live checkpoint (the worker remembers what it committed): the
   * batch then reads no checkpoint before the page, and the move is checked under the row lock.
   */
  from?: LogCheckpoint;
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
  /** Where the checkpoint stands after this batch (as committed, or as found if it had moved). */
  checkpoint: LogCheckpoint;
}

/**
 * Applies the next batch of events to one projector, checkpoint included, in one transaction:
 * a crash anywhere in it leaves both as they were, so no event is applied twice or missed.
 * Live batches read the page before opening the transaction (a poll that finds nothing costs one
 * query and writes nothing); the page is applied only if the checkpoint, row-locked, still stands
 * where the page was read from.
 */
export async function projectBatch(orm: MikroORM, store: EventStore, projector: Projector, options: BatchOptions): Promise<BatchResult> {
  if (options.schema || options.em) return projectInto(orm, store, projector, options);
  const checkpoint = options.from ?? (await readCheckpoint(orm.em.fork(), projector.name));
  const page = await readNext(store, projector, checkpoint, options.batchSize);
  if (compareCheckpoints(page.next, checkpoint) <= 0) return { applied: 0, caughtUp: page.caughtUp, heldBack: page.heldBack, checkpoint };
  // Only moving past events it does not read: the conditional update is the whole of it, so it needs no transaction around it.
  if (page.events.length === 0 && (await advanceCheckpoint(orm.em.fork(), projector.name, checkpoint, page.next, 0)))
    return { applied: 0, caughtUp: page.caughtUp, heldBack: page.heldBack, checkpoint: page.next };
  return orm.em.fork().transactional((em) => applyPage(em, projector, checkpoint, page));
}

/** A replay's batch: the checkpoint and tables are the scratch schema's, through search_path. */
async function projectInto(orm: MikroORM, store: EventStore, projector: Projector, options: BatchOptions): Promise<BatchResult> {
  const run = async (em: EntityManager): Promise<BatchResult> => {
    if (options.schema) await em.execute(`set local search_path to "${options.schema}", public`);
    const checkpoint = await readCheckpoint(em, projector.name);
    const page = await readNext(store, projector, checkpoint, options.batchSize);
    if (compareCheckpoints(page.next, checkpoint) <= 0) return { applied: 0, caughtUp: page.caughtUp, heldBack: page.heldBack, checkpoint };
    return applyPage(em, projector, checkpoint, page);
  };
  if (!options.em) return orm.em.fork().transactional(run);
  // On failure the caller's transaction rolls back, and the search_path with it.
  const result = await run(options.em);
  if (options.schema) await options.em.execute('set local search_path to public');
  return result;
}

function readNext(store: EventStore, projector: Projector, after: LogCheckpoint, batchSize: number): Promise<LogPage> {
  return store.readPage(after, batchSize, { types: projector.eventTypes === 'all' ? undefined : projector.eventTypes });
}

/**
 * Moves the checkpoint under its row lock, then applies. The lock makes a replay's swap and this
 * batch wait for each other; if the checkpoint is no longer where the page was read from (a swap,
 * or a second process that wrongly believes it leads), the page is stale: apply nothing, and
 * report where the checkpoint really is.
 */
async function applyPage(em: EntityManager, projector: Projector, from: LogCheckpoint, page: LogPage): Promise<BatchResult> {
  if (!(await advanceCheckpoint(em, projector.name, from, page.next, page.events.length))) {
    // No row yet (a first batch), or the checkpoint moved: decide under the lock.
    const locked = await lockCheckpoint(em, projector.name);
    if (compareCheckpoints(locked, from) !== 0) {
      return { applied: 0, caughtUp: false, heldBack: page.heldBack, checkpoint: { transactionId: locked.transactionId, position: locked.position } };
    }
    await writeCheckpoint(em, projector.name, page.next, page.events.length);
  }
  if (page.events.length > 0) {
    if (projector.applyBatch) await projector.applyBatch(page.events, em);
    else for (const event of page.events) await projector.apply(event, em);
  }
  return { applied: page.events.length, caughtUp: page.caughtUp, heldBack: page.heldBack, checkpoint: page.next };
}
