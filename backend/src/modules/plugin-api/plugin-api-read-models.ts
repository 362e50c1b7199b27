import type { EntityManager } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../platform/database/read-model-kysely';
import type { ResourceSchema } from '../catalog';
import type { LicenseTables } from '../licenses';
import type { CreditTables } from '../credits';
import type { LicenseDeviceTables } from '../devices';
import type { ValidationLogTables } from './validation-log.entity';

/** What the plugin's API and its dashboard panels read: licenses and their keys, credits, devices, checks, catalog titles. */
export type PluginApiReadModels = LicenseTables & CreditTables & LicenseDeviceTables & ValidationLogTables & ReadModelTables<typeof ResourceSchema>;

/** Kysely over them, in `em`'s transaction if it is in one. */
export const pluginApiReadModels = (em: EntityManager) => em.getKysely<PluginApiReadModels, typeof readModelKysely>(readModelKysely);
