import type { EntityManager } from '@mikro-orm/postgresql';
import type { RecordedEvent } from './recorded-event';

/**
 * Builds one read model from the log. `apply` runs inside the transaction that also moves the
 * projector's checkpoint, so a read model never holds an event twice or misses one.
 * Write through the EntityManager and name tables without a schema (MikroORM does unless an
 * entity sets one): a replay points search_path at copies of `tables` to rebuild them.
 */
export interface Projector {
  readonly name: string;
  /** The event types it reads; `'all'` for every type. */
  readonly eventTypes: readonly string[] | 'all';
  /** The tables it writes, and nothing else writes: what a replay rebuilds beside the live ones. */
  readonly tables: readonly string[];
  apply(event: RecordedEvent, em: EntityManager): Promise<void>;
  /** Optional: the same effect as applying each event in turn, in fewer statements (replays). */
  applyBatch?(events: RecordedEvent[], em: EntityManager): Promise<void>;
}
