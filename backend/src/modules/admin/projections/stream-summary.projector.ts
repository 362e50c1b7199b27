import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../../../events/event-metadata';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { StreamSummaryTables } from './stream-summary.entity';

/** The category of a stream id: what comes before its first '-' ("license-8f3…" → "license"). */
export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash > 0 ? streamId.slice(0, dash) : streamId;
}

export function describeActor(actor: Actor): string {
  return actor.kind === 'user' || actor.kind === 'admin' ? `${actor.kind}:${actor.userId}` : actor.kind;
}

/** Keeps rm_streams: every stream's category, version, size and latest activity. */
export class StreamSummaryProjector implements Projector {
  readonly name = 'StreamSummaryProjector';
  readonly eventTypes = 'all' as const;
  readonly tables = ['rm_streams'];

  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    await this.applyBatch([event], em);
  }

  /** Folds the batch per stream first, then writes one multi-row upsert for all of them. */
  async applyBatch(events: RecordedEvent[], em: EntityManager): Promise<void> {
    const byStream = new Map<string, { version: number; count: number; type: string; actor: string; first: Date; last: Date }>();
    for (const event of events) {
      const seen = byStream.get(event.streamId);
      const actor = describeActor(event.metadata.actor);
      if (!seen) {
        byStream.set(event.streamId, { version: event.streamVersion, count: 1, type: event.type, actor, first: event.recordedAt, last: event.recordedAt });
        continue;
      }
      seen.count += 1;
      seen.version = Math.max(seen.version, event.streamVersion);
      seen.type = event.type;
      seen.actor = actor;
      if (event.recordedAt > seen.last) seen.last = event.recordedAt;
    }
    // Without MikroORM's value conversion: every value here is already a string, number or Date,
    // and converting a replay's 2,000-row batches value by value cost about a fifth of its speed.
    await em
      .getKysely<StreamSummaryTables>()
      .insertInto('rm_streams')
      .values(
        [...byStream].map(([streamId, r]) => ({
          stream_id: streamId,
          category: streamCategory(streamId),
          version: r.version,
          event_count: r.count,
          last_event_type: r.type,
          last_actor: r.actor,
          first_recorded_at: r.first,
          last_recorded_at: r.last,
        })),
      )
      .onConflict((conflict) =>
        conflict.column('stream_id').doUpdateSet((eb) => ({
          version: eb.fn<number>('greatest', [eb.ref('rm_streams.version'), eb.ref('excluded.version')]),
          event_count: eb('rm_streams.event_count', '+', eb.ref('excluded.event_count')),
          last_event_type: eb.ref('excluded.last_event_type'),
          last_actor: eb.ref('excluded.last_actor'),
          last_recorded_at: eb.fn<Date>('greatest', [eb.ref('rm_streams.last_recorded_at'), eb.ref('excluded.last_recorded_at')]),
        })),
      )
      .execute();
  }
}
