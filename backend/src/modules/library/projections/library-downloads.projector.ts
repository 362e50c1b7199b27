import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import { ResourceDownloaded } from '../library.events';
import { libraryDownloadTables } from './library-downloads.entity';

type DownloadEvent = Recorded<ReturnType<typeof ResourceDownloaded>>;

/** Each customer's downloads per file: how many, and the last one (the library's "last downloaded"). */
export class LibraryDownloadsProjector implements Projector<DownloadEvent> {
  readonly name = 'LibraryDownloadsProjector';
  readonly eventTypes = [ResourceDownloaded.type];
  readonly tables = ['rm_library_downloads'];

  async apply(event: DownloadEvent, em: EntityManager): Promise<void> {
    const d = event.data;
    await libraryDownloadTables(em)
      .insertInto('rm_library_downloads')
      .values({ user_id: d.userId, resource_id: d.resourceId, file_name: d.fileName, version: d.version, downloads: 1, last_downloaded_at: new Date(d.at) })
      .onConflict((conflict) =>
        conflict.columns(['user_id', 'resource_id', 'file_name']).doUpdateSet((eb) => ({
          downloads: eb('rm_library_downloads.downloads', '+', 1),
          // A download recorded late does not replace the version of a later one.
          version: eb
            .case()
            .when('excluded.last_downloaded_at', '>=', eb.ref('rm_library_downloads.last_downloaded_at'))
            .then(eb.ref('excluded.version'))
            .else(eb.ref('rm_library_downloads.version'))
            .end(),
          last_downloaded_at: eb.fn<Date>('greatest', [eb.ref('rm_library_downloads.last_downloaded_at'), eb.ref('excluded.last_downloaded_at')]),
        })),
      )
      .execute();
  }
}
