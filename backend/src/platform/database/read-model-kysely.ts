import type { EntityManager, InferKyselyDB } from '@mikro-orm/postgresql';
import type { Selectable } from 'kysely';

/**
 * How read models are queried with `em.getKysely(readModelKysely)`: values cross as the entities
 * type them (timestamps come back as Dates and bigints as numbers, where MikroORM's connection hands
 * over strings; JSON goes in as JSON). Inside `em.transactional` (a projector's batch, a replay)
 * the queries run in that transaction, so on a replay's search_path too.
 * The conversion goes by column name: a timestamp selected under another name, or computed
 * (`coalesce(…)`, `count(*)`), comes back as the connection's string, so select columns as named.
 */
export const readModelKysely = { convertValues: true } as const;

/** The tables of these entities (`typeof A | typeof B`) as Kysely sees them: table and column names as in the database. */
export type ReadModelTables<Entities extends { name: string }> = InferKyselyDB<Entities, typeof readModelKysely>;

/** One row of a read-model table as a select returns it (columns with defaults included). */
export type ReadModelRow<Tables, Table extends keyof Tables> = Selectable<Tables[Table]>;

/**
 * The same tables on the plain client, without the conversion: for reads of text columns only
 * (an account's stream links), where the conversion plugin would walk every node of a large union
 * for nothing.
 */
export const unconvertedReads = <Tables>(em: EntityManager) => em.getKysely<Tables>();
