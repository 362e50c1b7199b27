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
