import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import { type FileVersionEvent, ResourceFileVersionPublished } from '../library.events';
import { libraryFileTables } from './library-files.entities';

/** Every published version of every file (a signed link names one), and the latest per file (what customers get). */
export class LibraryFilesProjector implements Projector<Recorded<FileVersionEvent>> {
  readonly name = 'LibraryFilesProjector';
  readonly eventTypes = [ResourceFileVersionPublished.type];
  readonly tables = ['rm_library_file_versions', 'rm_library_files'];

  async apply(event: Recorded<FileVersionEvent>, em: EntityManager): Promise<void> {
    const db = libraryFileTables(em);
    const d = event.data;
    const row = {
      resource_id: d.resourceId,
      name: d.name,
      version: d.version,
      title: d.title,
      description: d.description,
      storage_key: d.storageKey,
      sha256: d.sha256,
      bytes: d.bytes,
      content_type: d.contentType,
      source: d.source,
      published_at: new Date(d.at),
    };
    await db
      .insertInto('rm_library_file_versions')
      .values(row)
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    await db
      .insertInto('rm_library_files')
      .values(row)
      .onConflict((conflict) =>
        conflict
          .columns(['resource_id', 'name'])
          .doUpdateSet((eb) => ({
            version: eb.ref('excluded.version'),
            title: eb.ref('excluded.title'),
            description: eb.ref('excluded.description'),
            storage_key: eb.ref('excluded.storage_key'),
            sha256: eb.ref('excluded.sha256'),
            bytes: eb.ref('excluded.bytes'),
            content_type: eb.ref('excluded.content_type'),
            source: eb.ref('excluded.source'),
            published_at: eb.ref('excluded.published_at'),
          }))
          // Only a newer version replaces the latest one.
          .where('rm_library_files.version', '<', (eb) => eb.ref('excluded.version')),
      )
      .execute();
  }
}
