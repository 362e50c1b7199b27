import type { EntityManager } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../platform/database/read-model-kysely';
import type { ResourceSchema } from '../catalog';
import type { ValidationLogTables } from '../licenses';
import type { LicenseTables } from '../licenses';
import type { PurchaseTables } from './projections/purchases.entities';
import type { SubscriptionInvoiceTables, SubscriptionTables } from '../subscriptions';

/** What the payments pages read: its read models, the catalog's titles and the plugin's license checks. */
export type PaymentsReadModels = PurchaseTables &
  LicenseTables &
  SubscriptionTables &
  SubscriptionInvoiceTables &
  ReadModelTables<typeof ResourceSchema> &
  ValidationLogTables;

/** Kysely over them, in `em`'s transaction if it is in one. */
export const paymentsReadModels = (em: EntityManager) => em.getKysely<PaymentsReadModels, typeof readModelKysely>(readModelKysely);
