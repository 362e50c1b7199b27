import type { EntityManager } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../platform/database/read-model-kysely';
import type { ResourceSchema } from '../catalog';
import type { LicenseTables } from '../licenses';
import type { SubscriptionTables } from './projections/subscriptions.entities';

/** What the plan pages read: subscriptions, the licenses they keep, and the catalog's titles. */
export type PlanReadModels = SubscriptionTables & LicenseTables & ReadModelTables<typeof ResourceSchema>;

/** Kysely over them, in `em`'s transaction if it is in one. */
export const planReadModels = (em: EntityManager) => em.getKysely<PlanReadModels, typeof readModelKysely>(readModelKysely);
