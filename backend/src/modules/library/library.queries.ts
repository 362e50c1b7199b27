import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Resource } from '../../../../contracts/catalog/resource';
import type { LibraryFile, LibraryItem } from '../../../../contracts/library/library.contract';
import { type ReadModelRow, readModelKysely } from '../../platform/database/read-model-kysely';
import type { SignedInUser } from '../auth';
import type { CatalogQueries } from '../catalog';
import type { LicenseTables } from '../licenses';
import type { PurchaseTables } from '../checkout';
import { decideEntitlement, type Entitlement, type EntitlementFacts, type PlanStatus } from './entitlement';
import type { LibraryManifest } from './library-manifest';
import type { LibraryDownloadTables } from './projections/library-downloads.entity';
import type { LibraryFileTables } from './projections/library-files.entities';

type LibraryReadModels = LibraryFileTables & LibraryDownloadTables & Pick<PurchaseTables, 'rm_resource_access'> & LicenseTables;
const libraryReadModels = (em: EntityManager) => em.getKysely<LibraryReadModels, typeof readModelKysely>(readModelKysely);

/** Types the library delivers; licenses and credit packs live in Dashboard → License and the overview. */
const DELIVERED = new Set<Resource['type']>(['bundle', 'template', 'course', 'ebook', 'session']);
export const isDelivered = (resource: Pick<Resource, 'type'>) => DELIVERED.has(resource.type);

/** A session is booked; a course (or anything with lessons and no files) is read; the rest is downloaded, lessons or not. */
function kindOf(resource: Resource, lessons: number, files: number): LibraryItem['kind'] {
  if (resource.type === 'session') return 'session';
  if (lessons > 0 && (resource.type === 'course' || files === 0)) return 'course';
  return 'files';
}

export interface AccountFacts {
  grants: Map<string, Array<{ source: 'purchase' | 'free'; revoked: boolean; grantedAt: Date }>>;
  plans: Array<{ status: PlanStatus }>;
  seats: Array<{ status: PlanStatus }>;
}

export interface StoredFileVersion {
  resourceId: string;
  name: string;
  version: number;
  storageKey: string;
  sha256: string;
  bytes: number;
  contentType: string;
  publishedAt: Date;
}

type FileRow = ReadModelRow<LibraryFileTables, 'rm_library_files'>;

/** Entitlements and the library's reads, from the read models (rm_resource_access, rm_licenses, rm_seats, rm_library_*). */
export class LibraryQueries {
  constructor(
    private readonly orm: MikroORM,
    private readonly catalog: CatalogQueries,
    private readonly manifest: LibraryManifest,
  ) {}

  private get db() {
    return libraryReadModels(this.orm.em);
  }

  /** Everything the entitlement decision needs about one account. */
  async accountFacts(user: Pick<SignedInUser, 'userId' | 'email'>): Promise<AccountFacts> {
    const [grants, plans, seats] = await Promise.all([
      this.db
        .selectFrom('rm_resource_access')
        .select(['resource_id', 'source', 'revoked_at', 'granted_at'])
        .where('user_id', '=', user.userId)
        .orderBy('granted_at')
        .execute(),
      this.db.selectFrom('rm_licenses').select('status').where('user_id', '=', user.userId).execute(),
      user.email
        ? this.db
            .selectFrom('rm_seats as u')
            .innerJoin('rm_licenses as l', 'l.license_id', 'u.license_id')
            .select('l.status')
            .where('u.email', '=', user.email.toLowerCase())
            .execute()
        : Promise.resolve([]),
    ]);
    const byResource = new Map<string, Array<{ source: 'purchase' | 'free'; revoked: boolean; grantedAt: Date }>>();
    for (const g of grants) {
      const list = byResource.get(g.resource_id) ?? [];
      list.push({ source: g.source, revoked: g.revoked_at !== null, grantedAt: g.granted_at });
      byResource.set(g.resource_id, list);
    }
    return { grants: byResource, plans, seats };
  }

  entitlementOf(resource: Resource, facts: AccountFacts): Entitlement {
    const forResource: EntitlementFacts = { grants: facts.grants.get(resource.id) ?? [], plans: facts.plans, seats: facts.seats };
    return decideEntitlement(resource, forResource);
  }

  async entitlement(user: Pick<SignedInUser, 'userId' | 'email'>, resource: Resource): Promise<Entitlement> {
    return this.entitlementOf(resource, await this.accountFacts(user));
  }

  /** Whether the account may open a resource by id or slug (what courses ask before a lesson). Unknown: false. */
  async canOpen(user: Pick<SignedInUser, 'userId' | 'email'>, resourceId: string): Promise<boolean> {
    const resource = await this.catalog.findByIdOrSlug(resourceId);
    return resource ? (await this.entitlement(user, resource)).entitled : false;
  }

  /** Every resource the account can open, newest grant first, then what comes with a plan. */
  async library(user: Pick<SignedInUser, 'userId' | 'email'>): Promise<LibraryItem[]> {
    const facts = await this.accountFacts(user);
    const { resources } = await this.catalog.list({});
    const open = resources.filter(isDelivered).flatMap((resource) => {
      const entitlement = this.entitlementOf(resource, facts);
      return entitlement.entitled ? [{ resource, access: entitlement.source }] : [];
    });
    if (open.length === 0) return [];
    const [files, downloads] = await Promise.all([this.latestFiles(open.map((o) => o.resource.id)), this.downloads(user.userId)]);
    const items = open.map(({ resource, access }) => this.item(resource, access, facts, files, downloads));
    const since = (item: LibraryItem) => item.grantedAt ?? '';
    return items.sort((a, b) => since(b).localeCompare(since(a)) || a.resource.title.localeCompare(b.resource.title));
  }

  /** One resource as the library shows it, when the account can open it. */
  async libraryItem(
    user: Pick<SignedInUser, 'userId' | 'email'>,
    resource: Resource,
  ): Promise<{ item: LibraryItem } | { refused: Extract<Entitlement, { entitled: false }> }> {
    const facts = await this.accountFacts(user);
    const entitlement = this.entitlementOf(resource, facts);
    if (!entitlement.entitled) return { refused: entitlement };
    const [files, downloads] = await Promise.all([this.latestFiles([resource.id]), this.downloads(user.userId, resource.id)]);
    return { item: this.item(resource, entitlement.source, facts, files, downloads) };
  }

  async fileVersion(resourceId: string, name: string, version?: number): Promise<StoredFileVersion | null> {
    const row =
      version === undefined
        ? await this.db.selectFrom('rm_library_files').selectAll().where('resource_id', '=', resourceId).where('name', '=', name).executeTakeFirst()
        : await this.db
            .selectFrom('rm_library_file_versions')
            .selectAll()
            .where('resource_id', '=', resourceId)
            .where('name', '=', name)
            .where('version', '=', version)
            .executeTakeFirst();
    return row
      ? {
          resourceId: row.resource_id,
          name: row.name,
          version: row.version,
          storageKey: row.storage_key,
          sha256: row.sha256,
          bytes: row.bytes,
          contentType: row.content_type,
          publishedAt: row.published_at,
        }
      : null;
  }

  /** Every resource's latest files, for the admin's upload page. */
  async allLatestFiles(): Promise<FileRow[]> {
    return this.db.selectFrom('rm_library_files').selectAll().orderBy('resource_id').orderBy('name').execute();
  }

  lessonCount(resourceId: string): number {
    return this.manifest.resources[resourceId]?.lessons.length ?? 0;
  }

  private item(resource: Resource, access: LibraryItem['access'], facts: AccountFacts, files: FileRow[], downloads: Map<string, Date>): LibraryItem {
    const grant = (facts.grants.get(resource.id) ?? []).filter((g) => !g.revoked).at(0);
    const own = files.filter((f) => f.resource_id === resource.id);
    const libraryFiles: LibraryFile[] = own.map((f) => ({
      name: f.name,
      title: f.title,
      description: f.description,
      contentType: f.content_type,
      bytes: f.bytes,
      version: f.version,
      publishedAt: f.published_at.toISOString(),
      lastDownloadedAt: downloads.get(`${resource.id}/${f.name}`)?.toISOString() ?? null,
    }));
    const lessonCount = this.lessonCount(resource.id);
    const last =
      libraryFiles
        .map((f) => f.lastDownloadedAt)
        .filter((d): d is string => d !== null)
        .sort()
        .at(-1) ?? null;
    return {
      resource,
      access,
      kind: kindOf(resource, lessonCount, libraryFiles.length),
      files: libraryFiles,
      lessonCount,
      grantedAt: grant && (access === 'purchase' || access === 'free') ? grant.grantedAt.toISOString() : null,
      lastDownloadedAt: last,
    };
  }

  private latestFiles(resourceIds: string[]): Promise<FileRow[]> {
    return this.db.selectFrom('rm_library_files').selectAll().where('resource_id', 'in', resourceIds).orderBy('resource_id').orderBy('name').execute();
  }

  private async downloads(userId: string, resourceId?: string): Promise<Map<string, Date>> {
    const rows = await this.db
      .selectFrom('rm_library_downloads')
      .select(['resource_id', 'file_name', 'last_downloaded_at'])
      .where('user_id', '=', userId)
      .$if(resourceId !== undefined, (query) => query.where('resource_id', '=', resourceId ?? ''))
      .execute();
    return new Map(rows.map((r) => [`${r.resource_id}/${r.file_name}`, r.last_downloaded_at]));
  }
}
