import type { Queryable } from './event-store';
import type { EventRow } from './recorded-event';

export interface StreamsPageWanted {
  /** Streams read whole. */
  streams: readonly string[];
  /** Streams of which only the events about one booking are read (its hold's too: a booking's id is its hold's), by the booking index. */
  bookings: readonly { streamId: string; bookingId: string }[];
  /** Only events before this position. */
  before: string | null;
  /** Only events recorded in this window. */
  from: string | null;
  to: string | null;
  limit: number;
}

export type PageRow = Pick<EventRow, 'position' | 'stream_id' | 'type' | 'data' | 'metadata' | 'recorded_at'>;

/*
 * A page at most from each stream, newest first, merged by position. A stream's versions follow
 * its positions, so its newest are its highest versions.
 *
 * Without a time window, each stream's page is the versions just below its head (the highest
 * version before the cursor, one probe of the (stream_id, stream_version) index), read as a range
 * of versions: a range bounds what any plan reads. (Asked for "the newest of this stream", the
 * planner guesses a stream is as small as the average one and reads all of a large one to sort it.)
 * With a window, the (stream_id, recorded_at) index reads it by time instead of walking each
 * stream back to it (times are no bounds on versions: an append's time is its transaction's start).
 *
 * A stream read for some bookings is read once per booking, by the booking index, so a busy
 * calendar is not walked for the few events wanted of it.
 */
const FILTERS = `
    and ($4::bigint is null or position < $4::bigint)
    and ($5::timestamptz is null or recorded_at >= $5::timestamptz)
    and ($6::timestamptz is null or recorded_at <= $6::timestamptz)`;
const NEWEST = `
  cross join lateral (
    select stream_version as head from events where stream_id = w.stream_id and ($4::bigint is null or position < $4::bigint)
    order by stream_version desc limit 1
  ) h
  cross join lateral (
    select * from events
    where stream_id = w.stream_id and stream_version <= h.head and stream_version > h.head - $7
    order by stream_version desc limit $7
  ) e`;
const IN_WINDOW = `
  cross join lateral (select * from events where stream_id = w.stream_id ${FILTERS} order by stream_version desc limit $7) e`;
const pageSql = (streams: string) => `
  select position::text, stream_id, type, data, metadata, recorded_at from (
    select e.* from unnest($1::text[]) as w (stream_id) ${streams}
    union all
    select e.* from unnest($2::text[], $3::text[]) as w (stream_id, booking_id) cross join lateral (
      select * from events where stream_id = w.stream_id and coalesce(data->>'bookingId', data->>'holdId') = w.booking_id ${FILTERS}
      order by stream_version desc limit $7
    ) e
  ) page
  order by page.position desc
  limit $7`;
const PAGE_SQL = pageSql(NEWEST);
const WINDOW_PAGE_SQL = pageSql(IN_WINDOW);

/** The newest `limit` events (before a position, within a window) of these streams, newest first. */
export async function readStreamsPage(pool: Queryable, wanted: StreamsPageWanted): Promise<PageRow[]> {
  const { rows } = await pool.query<PageRow>(wanted.from || wanted.to ? WINDOW_PAGE_SQL : PAGE_SQL, [
    wanted.streams,
    wanted.bookings.map((b) => b.streamId),
    wanted.bookings.map((b) => b.bookingId),
    wanted.before,
    wanted.from,
    wanted.to,
    wanted.limit,
  ]);
  return rows;
}
