import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config.schema';
import { migrationsList } from '../../migrations';

/**
 * MikroORM for the read models; migrations are listed in code, so no file globbing at runtime.
 * The entities come from the caller (the app's list is backend/src/read-model-entities.ts), so
 * platform/ knows no module.
 */
export function mikroOrmConfig(
  config: Pick<AppConfig, 'DATABASE_URL'> & Partial<Pick<AppConfig, 'DATABASE_POOL_MAX'>>,
  entities: Options['entities'] = [],
): Options {
  return defineConfig({
    clientUrl: config.DATABASE_URL,
    entities,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: false },
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: config.DATABASE_POOL_MAX ?? 10 },
    debug: false,
    allowGlobalContext: false,
  });
}
