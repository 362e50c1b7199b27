import type { Queryable } from './event-store';

/** These streams, each at its last version (0 for one not yet appended to), one probe of the (stream_id, stream_version) index each. */
export async function readStreamHeads(pool: Queryable, streamIds: readonly string[]): Promise<Map<string, number>> {
  const { rows } = await pool.query<{ stream_id: string; version: number }>(
    `select s.stream_id, coalesce(v.version, 0) as version
     from (select distinct unnest($1::text[]) as stream_id) s
     cross join lateral (select max(stream_version) as version from events where stream_id = s.stream_id) v`,
    [streamIds],
  );
  return new Map(rows.map((row) => [row.stream_id, row.version]));
}
