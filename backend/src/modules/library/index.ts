/** The library's public surface: other modules (courses) import only this. */
export { type AccessSource, decideEntitlement, type Entitlement, type EntitlementFacts } from './entitlement';
export { type LibraryManifest, libraryManifestSchema, type ManifestLesson } from './library-manifest';
export { LibraryQueries } from './library.queries';
export type { ObjectStorage } from './storage/object-storage';
export { OBJECT_STORAGE } from './storage/storage-from-config';
export { libraryStreamKinds } from './library.stream-kinds';
export { LIBRARY_MANIFEST, libraryDist, LibraryModule } from './library.module';
export { downloadsStreamId } from './library.events';
export { readAccountDownloads } from './library-downloads.reads';
