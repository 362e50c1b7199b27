import type { EntityManager } from '@mikro-orm/postgresql';
import { libraryDownloadTables } from './projections/library-downloads.entity';

/** What an account downloaded from the library, by file and version, earliest last download first, at most `limit`. */
export async function readAccountDownloads(em: EntityManager, userId: string, limit: number) {
  return libraryDownloadTables(em)
    .selectFrom('rm_library_downloads')
    .select(['resource_id', 'file_name', 'version', 'downloads', 'last_downloaded_at'])
    .where('user_id', '=', userId)
    .orderBy('last_downloaded_at')
    .limit(limit)
    .execute();
}
