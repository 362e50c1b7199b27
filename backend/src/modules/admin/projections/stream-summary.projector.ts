import type { EntityManager } from '@mikro-orm/postgresql';
import type { Actor } from '../../../events/event-metadata';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';

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

  /** Folds the batch per stream first, then writes one upsert for all of them. */
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
    const rows = [...byStream.entries()];
    // One multi-row upsert; MikroORM expands array parameters, so the rows are spelled out.
    await em.execute(
      `insert into rm_streams (stream_id, category, version, event_count, last_event_type, last_actor, first_recorded_at, last_recorded_at)
       values ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?::timestamptz, ?::timestamptz)').join(', ')}
       on conflict (stream_id) do update set
         version = greatest(rm_streams.version, excluded.version),
         event_count = rm_streams.event_count + excluded.event_count,
         last_event_type = excluded.last_event_type,
         last_actor = excluded.last_actor,
         last_recorded_at = greatest(rm_streams.last_recorded_at, excluded.last_recorded_at)`,
      rows.flatMap(([id, r]) => [id, streamCategory(id), r.version, r.count, r.type, r.actor, r.first.toISOString(), r.last.toISOString()]),
    );
  }
}
