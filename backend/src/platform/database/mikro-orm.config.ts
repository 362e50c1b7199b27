import { Migrator } from '@mikro-orm/migrations';
import { defineConfig, type Options } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config.schema';
import { migrationsList } from '../../migrations';
import { readModelEntities } from './entities';

/** MikroORM for the read models; migrations are listed in code, so no file globbing at runtime. */
export function mikroOrmConfig(config: Pick<AppConfig, 'DATABASE_URL'> & Partial<Pick<AppConfig, 'DATABASE_POOL_MAX'>>): Options {
  return defineConfig({
    clientUrl: config.DATABASE_URL,
    entities: readModelEntities,
    extensions: [Migrator],
    discovery: { warnWhenNoEntities: false },
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    pool: { min: 0, max: config.DATABASE_POOL_MAX ?? 10 },
    debug: false,
    allowGlobalContext: false,
  });
}
