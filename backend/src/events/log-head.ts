import type { Queryable } from './event-store';

/** The position of the newest event, '0' for an empty log. */
export async function readLogHead(queryable: Queryable): Promise<string> {
  const { rows } = await queryable.query<{ head: string | null }>('select max(position) as head from events');
  return rows[0]?.head ?? '0';
}
