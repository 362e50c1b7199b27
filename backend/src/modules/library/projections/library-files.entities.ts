import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

const fileVersionProperties = {
  resourceId: p.text().primary(),
  name: p.text().primary(),
  title: p.text(),
  description: p.text(),
  storageKey: p.text(),
  sha256: p.text(),
  bytes: p.bigint('number'),
  contentType: p.text(),
  source: p.text().$type<'build' | 'admin'>(),
  publishedAt: p.datetime(),
};

/** Every published version of every file: a signed link names one. */
export const LibraryFileVersion = defineEntity({
  name: 'LibraryFileVersion',
  tableName: 'rm_library_file_versions',
  properties: { ...fileVersionProperties, version: p.integer().primary() },
});

/** The latest version of each file: what customers get. */
export const LibraryFile = defineEntity({
  name: 'LibraryFile',
  tableName: 'rm_library_files',
  properties: { ...fileVersionProperties, version: p.integer() },
});

export type LibraryFileTables = ReadModelTables<typeof LibraryFileVersion | typeof LibraryFile>;

/** Kysely over the files' read models, in `em`'s transaction if it is in one. */
export const libraryFileTables = (em: EntityManager) => em.getKysely<LibraryFileTables, typeof readModelKysely>(readModelKysely);
