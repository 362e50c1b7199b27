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
    await em.execute(
      `insert into rm_streams (stream_id, category, version, event_count, last_event_type, last_actor, first_recorded_at, last_recorded_at)
       values (?, ?, ?, 1, ?, ?, ?, ?)
       on conflict (stream_id) do update set
         version = greatest(rm_streams.version, excluded.version),
         event_count = rm_streams.event_count + 1,
         last_event_type = excluded.last_event_type,
         last_actor = excluded.last_actor,
         last_recorded_at = greatest(rm_streams.last_recorded_at, excluded.last_recorded_at)`,
      [
        event.streamId,
        streamCategory(event.streamId),
        event.streamVersion,
        event.type,
        describeActor(event.metadata.actor),
        event.recordedAt,
        event.recordedAt,
      ],
    );
  }
}
