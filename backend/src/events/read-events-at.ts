import type { Queryable } from './event-store';
import type { EventRow } from './recorded-event';

/** The events at these positions (of one type, if given), in no particular order; a position with none is left out. */
export async function readEventsAt(
  pool: Queryable,
  positions: readonly string[],
  options: { type?: string } = {},
): Promise<Pick<EventRow, 'position' | 'type' | 'schema_version' | 'data'>[]> {
  if (positions.length === 0) return [];
  const { rows } = await pool.query<Pick<EventRow, 'position' | 'type' | 'schema_version' | 'data'>>(
    'select position::text, type, schema_version, data from events where position = any($1::bigint[]) and ($2::text is null or type = $2::text)',
    [positions, options.type ?? null],
  );
  return rows;
}
