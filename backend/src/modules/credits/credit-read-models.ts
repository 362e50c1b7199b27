import type { EntityManager } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../platform/database/read-model-kysely';
import type { ResourceSchema } from '../catalog';
import type { LicenseTables } from '../licenses';

/** What credits reads beside its own ledger: the licenses that grant credits, and their catalog titles. */
export type CreditReadModels = LicenseTables & ReadModelTables<typeof ResourceSchema>;

/** Kysely over them, in `em`'s transaction if it is in one. */
export const creditReadModels = (em: EntityManager) => em.getKysely<CreditReadModels, typeof readModelKysely>(readModelKysely);
