import { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config/config.schema';
import { mikroOrmConfig } from '../database/mikro-orm.config';

// Any fixed 64-bit number: several processes starting at once apply migrations one at a time.
const MIGRATION_LOCK = 7_301_554_201;

/** Applies pending migrations under an advisory lock; returns the names it applied. */
export async function migrate(config: Pick<AppConfig, 'DATABASE_URL'>): Promise<string[]> {
  // One connection, so the session-level advisory lock and the migrations share it.
  const orm = await MikroORM.init({ ...mikroOrmConfig(config), pool: { min: 0, max: 1 } });
  const connection = orm.em.getConnection();
  try {
    await connection.execute('select pg_advisory_lock(?)', [MIGRATION_LOCK]);
    try {
      const applied = await orm.migrator.up();
      return applied.map((migration) => migration.name);
    } finally {
      await connection.execute('select pg_advisory_unlock(?)', [MIGRATION_LOCK]);
    }
  } finally {
    await orm.close(true);
  }
}
