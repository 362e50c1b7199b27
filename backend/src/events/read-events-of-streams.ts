import type { Queryable } from './event-store';
import type { EventRow } from './recorded-event';

/** A stream to read whole, or (`bookingIds`) only its events about those bookings. */
export interface StreamWanted {
  streamId: string;
  bookingIds: readonly string[] | null;
}

/*
 * Only the given types, read stream by stream with the (stream_id, stream_version) index: the
 * streams' other events are passed over in the index scan and never decoded.
 */
const EVENTS_OF_STREAMS_SQL = `
  with wanted as (select * from unnest($1::text[], $2::text[]) as w (stream_id, booking_ids))
  select e.position::text, e.transaction_id::text, e.stream_id, e.stream_version, e.type, e.schema_version, e.data, e.metadata, e.recorded_at
  from wanted w cross join lateral (
    select * from events
    where stream_id = w.stream_id and type = any($3::text[])
      and (w.booking_ids is null or data->>'bookingId' = any(string_to_array(w.booking_ids, ' ')))
  ) e
  order by e.position`;

/** The events of these types in these streams, in log order. */
export async function readEventsOfStreams(pool: Queryable, streams: readonly StreamWanted[], types: readonly string[]): Promise<EventRow[]> {
  if (streams.length === 0) return [];
  const { rows } = await pool.query<EventRow>(EVENTS_OF_STREAMS_SQL, [
    streams.map((s) => s.streamId),
    streams.map((s) => (s.bookingIds ? s.bookingIds.join(' ') : null)),
    types,
  ]);
  return rows;
}
