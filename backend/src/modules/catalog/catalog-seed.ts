import { MikroORM } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { resourceSchema } from '../../../../contracts/catalog/resource';
import type { AppConfig } from '../../platform/config/config.schema';
import { mikroOrmConfig } from '../../platform/database/mikro-orm.config';
import catalog from './catalog.json';

const catalogFileSchema = z.array(resourceSchema.extend({ sortOrder: z.number().int() }));
export type CatalogEntry = z.infer<typeof catalogFileSchema>[number];

/** The committed catalog, validated: a bad edit fails start-up and tests, not a page. */
export function readCatalog(): CatalogEntry[] {
  return catalogFileSchema.parse(catalog);
}

const COLUMNS = [
  'id',
  'title',
  'slug',
  'description',
  'stripe_description',
  'metadata',
  'image_url',
  'price_cents',
  'access_type',
  'type',
  'sort_order',
] as const;

/**
 * Upserts every catalog entry; rows that did not change are left alone, so running it on every
 * start is cheap and idempotent. Entries removed from the file stay (orders may refer to them).
 */
export async function seedCatalog(config: Pick<AppConfig, 'DATABASE_URL'>): Promise<number> {
  const entries = readCatalog();
  const orm = await MikroORM.init({ ...mikroOrmConfig(config), pool: { min: 0, max: 1 } });
  try {
    const values: unknown[] = [];
    const rows = entries.map((entry) => {
      values.push(
        entry.id,
        entry.title,
        entry.slug,
        entry.description,
        entry.stripeDescription,
        JSON.stringify(entry.metadata),
        entry.imageUrl,
        entry.priceCents,
        entry.accessType,
        entry.type,
        entry.sortOrder,
      );
      return `(${COLUMNS.map(() => '?').join(', ')})`;
    });
    const updates = COLUMNS.filter((c) => c !== 'id')
      .map((c) => `${c} = excluded.${c}`)
      .join(', ');
    const changed = COLUMNS.filter((c) => c !== 'id')
      .map((c) => `resources.${c} is distinct from excluded.${c}`)
      .join(' or ');
    const result = await orm.em.getConnection().execute<{ id: string }[]>(
      `insert into resources (${COLUMNS.join(', ')}) values ${rows.join(', ')}
       on conflict (id) do update set ${updates}, updated_at = now() where ${changed}
       returning id`,
      values,
    );
    return result.length;
  } finally {
    await orm.close(true);
  }
}
