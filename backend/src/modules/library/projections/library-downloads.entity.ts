import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** A customer's downloads of one file: how many, and the version and time of the last. */
export const LibraryDownload = defineEntity({
  name: 'LibraryDownload',
  tableName: 'rm_library_downloads',
  properties: {
    userId: p.text().primary(),
    resourceId: p.text().primary(),
    fileName: p.text().primary(),
    version: p.integer(),
    downloads: p.integer(),
    lastDownloadedAt: p.datetime(),
  },
});

export type LibraryDownloadTables = ReadModelTables<typeof LibraryDownload>;

/** Kysely over rm_library_downloads, in `em`'s transaction if it is in one. */
export const libraryDownloadTables = (em: EntityManager) => em.getKysely<LibraryDownloadTables, typeof readModelKysely>(readModelKysely);
