import type { AppConfig } from './platform/config/config.schema';
import { seedCatalog } from './modules/catalog';
import { migrate } from './platform/boot/migrate';

/** Migrations, then the reference data the site cannot run without (the catalog). */
export async function prepareDatabase(config: Pick<AppConfig, 'DATABASE_URL'>) {
  const applied = await migrate(config);
  const catalogChanges = await seedCatalog(config);
  return { applied, catalogChanges };
}
