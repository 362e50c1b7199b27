/** The library's public surface: other modules (courses) import only this. */
export { decideEntitlement, type AccessSource, type Entitlement, type EntitlementFacts } from './entitlement';
export { LibraryQueries } from './library.queries';
export { LibraryModule, LIBRARY_MANIFEST, libraryDist } from './library.module';
export { libraryManifestSchema, type LibraryManifest, type ManifestLesson } from './library-manifest';
export type { ObjectStorage } from './storage/object-storage';
export { OBJECT_STORAGE } from './storage/storage-from-config';
