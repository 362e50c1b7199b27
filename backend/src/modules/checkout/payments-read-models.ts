import type { EntityManager } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../platform/database/read-model-kysely';
import type { ResourceSchema } from '../catalog';
import type { LicenseTables } from '../licenses';
import type { PurchaseTables } from './projections/purchases.entities';
import type { SubscriptionInvoiceTables, SubscriptionTables } from '../subscriptions';

/** What the payments pages read: its read models, the licenses and subscriptions bought, and the catalog's titles. */
export type PaymentsReadModels = PurchaseTables & LicenseTables & SubscriptionTables & SubscriptionInvoiceTables & ReadModelTables<typeof ResourceSchema>;

/** Kysely over them, in `em`'s transaction if it is in one. */
export const paymentsReadModels = (em: EntityManager) => em.getKysely<PaymentsReadModels, typeof readModelKysely>(readModelKysely);
