import type { Queryable } from './event-store';

/** How many events of these types (or of any) the log holds after a checkpoint: what a projector standing there has yet to apply. */
export async function countEventsAfter(
  queryable: Queryable,
  types: readonly string[] | 'all',
  checkpoint: { transactionId: string; position: string },
): Promise<number> {
  const typeFilter = types === 'all' ? '' : 'and type = any($3::text[])';
  const params: unknown[] = [checkpoint.transactionId, checkpoint.position];
  if (types !== 'all') params.push(types);
  const { rows } = await queryable.query<{ n: string }>(
    `select count(*) as n from events where (transaction_id, position) > ($1::xid8, $2::bigint) ${typeFilter}`,
    params,
  );
  return Number(rows[0]?.n ?? 0);
}
