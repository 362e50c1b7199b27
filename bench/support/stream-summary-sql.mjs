// The SQL both stores' summary replays run per batch: fold the batch per stream, one upsert.
export function foldByStream(events) {
  const byStream = new Map();
  for (const e of events) {
    const seen = byStream.get(e.streamId);
    if (!seen) byStream.set(e.streamId, { version: e.streamVersion, count: 1, type: e.type, actor: e.actor, first: e.recordedAt, last: e.recordedAt });
    else Object.assign(seen, { version: Math.max(seen.version, e.streamVersion), count: seen.count + 1, type: e.type, actor: e.actor, last: e.recordedAt });
  }
  return [...byStream].map(([id, r]) => [id, id.split('-')[0], r.version, r.count, r.type, r.actor, r.first.toISOString(), r.last.toISOString()]);
}

export const STREAM_SUMMARY_UPSERT = (table, rows) =>
  `insert into ${table} (stream_id, category, version, event_count, last_event_type, last_actor, first_recorded_at, last_recorded_at)
   values ${Array.from({ length: rows }, (_, i) => `(${Array.from({ length: 8 }, (_, c) => `$${i * 8 + c + 1}`).join(', ')})`).join(', ')}
   on conflict (stream_id) do update set
     version = greatest(${table}.version, excluded.version),
     event_count = ${table}.event_count + excluded.event_count,
     last_event_type = excluded.last_event_type,
     last_actor = excluded.last_actor,
     last_recorded_at = greatest(${table}.last_recorded_at, excluded.last_recorded_at)`;

export const STREAM_SUMMARY_TABLE = (table) => `create table ${table} (
  stream_id text primary key, category text not null, version integer not null, event_count integer not null,
  last_event_type text not null, last_actor text not null, first_recorded_at timestamptz not null, last_recorded_at timestamptz not null)`;
