import type { Queryable } from './event-store';

export interface LogFilter {
  streamId?: string | undefined;
  type?: string | undefined;
  /** The acting user's id (metadata.actor.userId). */
  actorUserId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** A position: only events before it. */
  before?: string | undefined;
  limit: number;
}

export interface BrowsedEvent {
  position: string;
  streamId: string;
  streamVersion: number;
  type: string;
  schemaVersion: number;
  /** As stored: not upcast, not decoded (the admin log shows rows as they are). */
  data: unknown;
  metadata: Record<string, unknown>;
  recordedAt: Date;
}

/** Up to `limit` events matching the filter, newest first, as stored. */
export async function browseLog(queryable: Queryable, filter: LogFilter): Promise<BrowsedEvent[]> {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (condition: string, value: unknown) => {
    params.push(value);
    where.push(condition.replace('?', `$${params.length}`));
  };
  if (filter.streamId) add('stream_id = ?', filter.streamId);
  if (filter.type) add('type = ?', filter.type);
  if (filter.actorUserId) add(`metadata->'actor'->>'userId' = ?`, filter.actorUserId);
  if (filter.from) add('recorded_at >= ?', filter.from);
  if (filter.to) add('recorded_at <= ?', filter.to);
  if (filter.before) add('position < ?::bigint', filter.before);
  params.push(filter.limit);
  const { rows } = await queryable.query<{
    position: string;
    stream_id: string;
    stream_version: number;
    type: string;
    schema_version: number;
    data: unknown;
    metadata: Record<string, unknown>;
    recorded_at: Date;
  }>(
    `select position, stream_id, stream_version, type, schema_version, data, metadata, recorded_at from events
     ${where.length ? `where ${where.join(' and ')}` : ''} order by position desc limit $${params.length}`,
    params,
  );
  return rows.map((row) => ({
    position: row.position,
    streamId: row.stream_id,
    streamVersion: row.stream_version,
    type: row.type,
    schemaVersion: row.schema_version,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
  }));
}
