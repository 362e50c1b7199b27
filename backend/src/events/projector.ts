import type { EntityManager } from '@mikro-orm/postgresql';
import type { NewEvent } from './event-registry';
import type { RecordedEvent } from './recorded-event';

/** A module's event union (`ReturnType<typeof definitions[number]>`) as recorded: `type` narrows `data`. */
export type Recorded<Event extends NewEvent> = Event extends NewEvent<infer Type, infer Data> ? RecordedEvent<Type, Data> : never;

/**
 * Builds one read model from the log. `apply` runs inside the transaction that also moves the
 * projector's checkpoint, so a read model never holds an event twice or misses one.
 * Write through the EntityManager and name tables without a schema (MikroORM does unless an
 * entity sets one): a replay points search_path at copies of `tables` to rebuild them.
 * `Event` is the union it reads: the log hands it only events of `eventTypes`, each decoded by its
 * definition's schema, so `apply` narrows by `event.type` with no cast.
 */
export interface Projector<Event extends RecordedEvent = RecordedEvent> {
  readonly name: string;
  /** The event types it reads; `'all'` for every type. */
  readonly eventTypes: readonly Event['type'][] | 'all';
  /** The tables it writes, and nothing else writes: what a replay rebuilds beside the live ones. */
  readonly tables: readonly string[];
  apply(event: Event, em: EntityManager): Promise<void>;
  /** Optional: the same effect as applying each event in turn, in fewer statements (replays). */
  applyBatch?(events: Event[], em: EntityManager): Promise<void>;
}
