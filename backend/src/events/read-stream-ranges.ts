import type { Queryable } from './event-store';
import type { EventRow } from './recorded-event';

/** The versions of a stream after `after` and up to `upto`. */
export interface StreamRange {
  streamId: string;
  after: number;
  upto: number;
}

/** Keeps, on streams whose id starts with `streamPrefix`, only the events whose `data[key]` is `value` (a shared stream's events about one party). */
export interface DataMatch {
  streamPrefix: string;
  key: string;
  value: string;
}

/**
 * The events of these types in each stream's range, in log order, each stream read by its
 * (stream_id, stream_version) index.
 */
export async function readStreamRanges(
  pool: Queryable,
  ranges: readonly StreamRange[],
  types: readonly string[],
  onlyWith: DataMatch | null,
): Promise<Omit<EventRow, 'stream_version' | 'metadata'>[]> {
  const { rows } = await pool.query<Omit<EventRow, 'stream_version' | 'metadata'>>(
    `select e.position::text, e.transaction_id::text, e.stream_id, e.type, e.schema_version, e.data, e.recorded_at
     from unnest($1::text[], $2::int[], $3::int[]) as w (stream_id, after, upto) cross join lateral (
       select * from events
       where stream_id = w.stream_id and stream_version > w.after and stream_version <= w.upto and type = any($4::text[])
         and ($5::text is null or not starts_with(stream_id, $5::text) or data->>$6::text = $7::text)
     ) e
     order by e.position`,
    [
      ranges.map((r) => r.streamId),
      ranges.map((r) => r.after),
      ranges.map((r) => r.upto),
      types,
      onlyWith?.streamPrefix ?? null,
      onlyWith?.key ?? null,
      onlyWith?.value ?? null,
    ],
  );
  return rows;
}
