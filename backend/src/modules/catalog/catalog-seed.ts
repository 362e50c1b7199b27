import { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { resourceSchema } from '../../../../contracts/catalog/resource';
import type { AppConfig } from '../../platform/config/config.schema';
import { mikroOrmConfig } from '../../platform/database/mikro-orm.config';
import { readModelKysely, type ReadModelTables } from '../../platform/database/read-model-kysely';
import catalog from './catalog.json';
import { ResourceSchema } from './resource.entity';

const catalogFileSchema = z.array(resourceSchema.extend({ sortOrder: z.number().int() }));
export type CatalogEntry = z.infer<typeof catalogFileSchema>[number];

/** The committed catalog, validated: a bad edit fails start-up and tests, not a page. */
export function readCatalog(): CatalogEntry[] {
  return catalogFileSchema.parse(catalog);
}

/** The columns a seed writes besides the id: a row is updated only when one of them differs from the file. */
const SEEDED = ['title', 'slug', 'description', 'stripe_description', 'metadata', 'image_url', 'price_cents', 'access_type', 'type', 'sort_order'] as const;

/**
 * Upserts every catalog entry; rows that did not change are left alone, so running it on every
 * start is cheap and idempotent (and the catalog_changes trigger only tells caches of real changes).
 * Entries removed from the file stay (orders may refer to them).
 */
export async function seedCatalog(config: Pick<AppConfig, 'DATABASE_URL'>): Promise<number> {
  const entries = readCatalog();
  const orm = await MikroORM.init({ ...mikroOrmConfig(config), pool: { min: 0, max: 1 } });
  try {
    const result = await orm.em
      .getKysely<ReadModelTables<typeof ResourceSchema>, typeof readModelKysely>(readModelKysely)
      .insertInto('resources')
      .values((eb) =>
        entries.map((entry) => ({
          id: entry.id,
          title: entry.title,
          slug: entry.slug,
          description: entry.description,
          stripe_description: entry.stripeDescription,
          metadata: entry.metadata,
          image_url: entry.imageUrl,
          price_cents: entry.priceCents,
          access_type: entry.accessType,
          type: entry.type,
          sort_order: entry.sortOrder,
          updated_at: eb.fn<Date>('now'),
        })),
      )
      .onConflict((conflict) =>
        conflict
          .column('id')
          .doUpdateSet((eb) => ({
            ...Object.fromEntries(SEEDED.map((column) => [column, eb.ref(`excluded.${column}`)])),
            updated_at: eb.fn<Date>('now'),
          }))
          .where((eb) => eb.or(SEEDED.map((column) => eb(`resources.${column}`, 'is distinct from', eb.ref(`excluded.${column}`))))),
      )
      .returning('id')
      .execute();
    return result.length;
  } finally {
    await orm.close(true);
  }
}
