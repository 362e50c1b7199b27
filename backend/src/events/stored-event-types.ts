import type { Queryable } from './event-store';

/** Every type name stored in the log, former names included, in order. */
export async function readStoredEventTypes(queryable: Queryable): Promise<string[]> {
  const { rows } = await queryable.query<{ type: string }>('select distinct type from events order by type');
  return rows.map((row) => row.type);
}
