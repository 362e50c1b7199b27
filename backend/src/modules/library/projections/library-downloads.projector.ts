import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { ResourceDownloaded } from '../library.events';

/** Each customer's downloads per file: how many, and the last one (the library's "last downloaded"). */
export class LibraryDownloadsProjector implements Projector {
  readonly name = 'LibraryDownloadsProjector';
  readonly eventTypes = ['ResourceDownloaded'];
  readonly tables = ['rm_library_downloads'];

  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    if (event.type !== 'ResourceDownloaded') return;
    const d = event.data as EventData<typeof ResourceDownloaded>;
    await em.execute(
      `insert into rm_library_downloads (user_id, resource_id, file_name, version, downloads, last_downloaded_at) values (?, ?, ?, ?, 1, ?)
       on conflict (user_id, resource_id, file_name) do update set downloads = rm_library_downloads.downloads + 1,
         version = case when excluded.last_downloaded_at >= rm_library_downloads.last_downloaded_at then excluded.version else rm_library_downloads.version end,
         last_downloaded_at = greatest(rm_library_downloads.last_downloaded_at, excluded.last_downloaded_at)`,
      [d.userId, d.resourceId, d.fileName, d.version, d.at],
    );
  }
}
