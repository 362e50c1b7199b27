import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Resource, ResourceType } from '../../../../contracts/catalog/resource';
import type { ResourcesSearch } from '../../../../contracts/catalog/catalog.contract';

interface ResourceRow {
  id: string;
  title: string;
  slug: string;
  description: string;
  stripe_description: string | null;
  metadata: Resource['metadata'];
  image_url: string | null;
  price_cents: number | null;
  access_type: Resource['accessType'];
  type: ResourceType;
}

// SQL strings: the list is one statement over a CTE answering both the rows (json_agg) and every type's count (json_object_agg) in one round trip, which Kysely can only say through raw fragments.
const COLUMNS = 'id, title, slug, description, stripe_description, metadata, image_url, price_cents, access_type, type';
const SELECT = `select ${COLUMNS} from resources`;
// The spec's "free" rule in SQL: a price of 0 or less, or no price with free access.
const FREE = `coalesce(price_cents <= 0, access_type = 'free')`;

/** A list of the catalog, as listResources answers it. */
export interface CatalogList {
  resources: Resource[];
  countsByType: Record<string, number>;
}

/** Reads of the catalog; all filtering happens in Postgres. */
@Injectable()
export class CatalogQueries {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async list(search: Partial<ResourcesSearch>): Promise<CatalogList> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (search.q) {
      where.push(`(title ilike ? escape '\\' or description ilike ? escape '\\' or metadata->>'summary' ilike ? escape '\\')`);
      const pattern = `%${search.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.push(pattern, pattern, pattern);
    }
    if (search.price === 'free') where.push(FREE);
    if (search.price === 'paid') where.push(`not ${FREE}`);
    const typeFilter = search.category && search.category !== 'all' ? search.category : undefined;
    const base = where.length ? ` where ${where.join(' and ')}` : '';
    // One round trip: the rows (with the type filter) and the per-type counts (without it, so
    // every category chip can show its number), both computed by Postgres over the same base set.
    const [answer] = await this.orm.em.getConnection().execute<{ rows: ResourceRow[] | null; counts: Record<string, number> | null }[]>(
      `with base as (select *, ${typeFilter ? 'type = ?' : 'true'} as shown from resources${base})
       select (select json_agg(r order by r.sort_order, r.title) from (select ${COLUMNS}, sort_order from base where shown) r) as rows,
              (select json_object_agg(type, n) from (select type, count(*)::int as n from base group by type) c) as counts`,
      typeFilter ? [typeFilter, ...params] : params,
    );
    return {
      resources: (answer?.rows ?? []).map(toResource),
      countsByType: answer?.counts ?? {},
    };
  }

  /** By id or by slug, case-insensitive and trimmed. */
  async findByIdOrSlug(idOrSlug: string): Promise<Resource | undefined> {
    const key = idOrSlug.trim().toLowerCase();
    const rows = await this.orm.em
      .getConnection()
      .execute<ResourceRow[]>(`${SELECT} where lower(id) = ? or lower(slug) = ? order by (lower(slug) = ?) desc limit 1`, [key, key, key]);
    return rows[0] ? toResource(rows[0]) : undefined;
  }

  async findByIds(ids: string[]): Promise<Resource[]> {
    // `in ()` is not SQL: no ids (a library with no files yet) is no rows, not a syntax error.
    if (ids.length === 0) return [];
    const rows = await this.orm.em.getConnection().execute<ResourceRow[]>(`${SELECT} where id in (${ids.map(() => '?').join(', ')}) order by sort_order`, ids);
    return rows.map(toResource);
  }

  async findByType(type: ResourceType): Promise<Resource[]> {
    const rows = await this.orm.em.getConnection().execute<ResourceRow[]>(`${SELECT} where type = ? order by sort_order`, [type]);
    return rows.map(toResource);
  }
}

function toResource(row: ResourceRow): Resource {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    description: row.description,
    stripeDescription: row.stripe_description,
    metadata: row.metadata,
    imageUrl: row.image_url,
    priceCents: row.price_cents,
    accessType: row.access_type,
    type: row.type,
  };
}
