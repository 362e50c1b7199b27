import type { EntityManager } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../platform/database/read-model-kysely';
import type { ResourceSchema } from '../catalog';
import type { LicenseTables } from '../licenses';

/** What the plugin's API reads itself: licenses and their keys, and the catalog's plans (credits and devices answer through their own reads). */
export type PluginApiReadModels = LicenseTables & ReadModelTables<typeof ResourceSchema>;

/** Kysely over them, in `em`'s transaction if it is in one. */
export const pluginApiReadModels = (em: EntityManager) => em.getKysely<PluginApiReadModels, typeof readModelKysely>(readModelKysely);
