import type { Queryable } from './event-store';

export interface CorrelatedEvent {
  correlation_id: string;
  position: string;
  type: string;
  stream_id: string;
}

/** The first `limit` events of each of these chains (correlation ids), by the correlation index; chains in no particular order. */
export async function readCorrelated(pool: Queryable, correlationIds: readonly string[], limit: number): Promise<CorrelatedEvent[]> {
  if (correlationIds.length === 0) return [];
  const { rows } = await pool.query<CorrelatedEvent>(
    `select c.id as correlation_id, e.position::text, e.type, e.stream_id
     from unnest($1::text[]) as c (id) cross join lateral (
       select position, type, stream_id from events where metadata->>'correlationId' = c.id order by position limit $2
     ) e`,
    [correlationIds, limit],
  );
  return rows;
}
