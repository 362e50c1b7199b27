import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { ResourceFileVersionPublished } from '../library.events';

/** Every published version of every file (a signed link names one), and the latest per file (what customers get). */
export class LibraryFilesProjector implements Projector {
  readonly name = 'LibraryFilesProjector';
  readonly eventTypes = ['ResourceFileVersionPublished'];
  readonly tables = ['rm_library_file_versions', 'rm_library_files'];

  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    if (event.type !== 'ResourceFileVersionPublished') return;
    const d = event.data as EventData<typeof ResourceFileVersionPublished>;
    const row = [d.resourceId, d.name, d.version, d.title, d.description, d.storageKey, d.sha256, d.bytes, d.contentType, d.source, d.at];
    await em.execute(
      `insert into rm_library_file_versions (resource_id, name, version, title, description, storage_key, sha256, bytes, content_type, source, published_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
      row,
    );
    await em.execute(
      `insert into rm_library_files (resource_id, name, version, title, description, storage_key, sha256, bytes, content_type, source, published_at)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (resource_id, name) do update set version = excluded.version, title = excluded.title, description = excluded.description, storage_key = excluded.storage_key,
         sha256 = excluded.sha256, bytes = excluded.bytes, content_type = excluded.content_type, source = excluded.source, published_at = excluded.published_at
       where rm_library_files.version < excluded.version`,
      row,
    );
  }
}
