import type { Queryable } from './event-store';
import type { EventData, EventDefinition } from './event-registry';

type TextField<D extends EventDefinition> = { [K in keyof EventData<D>]: EventData<D>[K] extends string ? K : never }[keyof EventData<D>] & string;

/**
 * One text field of the stored data of the events of a type whose other text field holds a value
 * (`userId` of the PurchaseRefunded events whose `chargeId` is …), in no particular order: for
 * looking up by a field no read model keeps. Rows stored under a former name are not matched.
 */
export async function readEventDataField<D extends EventDefinition>(
  queryable: Queryable,
  definition: D,
  select: TextField<D>,
  where: { field: TextField<D>; value: string },
): Promise<(string | null)[]> {
  const { rows } = await queryable.query<{ value: string | null }>('select data->>$2 as value from events where type = $1 and data->>$3 = $4', [
    definition.type,
    select,
    where.field,
    where.value,
  ]);
  return rows.map((row) => row.value);
}

/**
 * The stored data of the events of `types` whose data holds `value` at `path` (`['charge', 'id']`),
 * in log order: for reading a few events by a nested field straight from the log, where a read
 * model could lag. Undecoded: the caller parses with its definitions. Rows stored under a former
 * name are not matched.
 */
export async function readEventsByDataPath(
  queryable: Queryable,
  types: readonly string[],
  path: readonly string[],
  value: string,
): Promise<{ type: string; data: unknown }[]> {
  const { rows } = await queryable.query<{ type: string; data: unknown }>(
    'select type, data from events where type = any($1::text[]) and data #>> $2::text[] = $3 order by position',
    [types, path, value],
  );
  return rows;
}
