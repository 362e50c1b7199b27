import type { EntityManager } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../platform/database/read-model-kysely';
import type { ResourceSchema } from '../catalog';
import type { LicenseTables } from '../licenses';
import type { SubscriptionTables } from '../subscriptions';

/** What credits reads beside its own ledger: the licenses that grant credits, their subscriptions (a trial's smaller allowance), and their catalog titles. */
export type CreditReadModels = LicenseTables & SubscriptionTables & ReadModelTables<typeof ResourceSchema>;

/** Kysely over them, in `em`'s transaction if it is in one. */
export const creditReadModels = (em: EntityManager) => em.getKysely<CreditReadModels, typeof readModelKysely>(readModelKysely);
