import { join } from 'node:path';
import { Inject, Module, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { rootLogger } from '../../platform/common/logger';
import { deriveKey, SITE_SECRET, type SiteSecret } from '../../platform/common/secrets/site-secret';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EventRegistry } from '../../events/event-registry';
import { StreamKinds } from '../../events/stream-kinds';
import { EventStore } from '../../events/event-store';
import { ProjectorRegistry } from '../../events/projector-registry';
import { CatalogModule, CatalogQueries } from '../catalog';
import { AdminLibraryServerFns } from './admin/admin-library.server-fns';
import { AdminLibraryUploadController } from './admin/admin-library-upload.controller';
import { PublishFileVersionHandler } from './commands/publish-file-version.handler';
import { RecordDownloadHandler } from './commands/record-download.handler';
import { DownloadLinks } from './download-links';
import { DownloadChecks } from './downloads/download-check';
import { DownloadProblemServerFns } from './downloads/download-problem.server-fns';
import { LibraryDownloadController } from './downloads/library-download.controller';
import { libraryEvents } from './library.events';
import { LibraryQueries } from './library.queries';
import { LibraryServerFns } from './library.server-fns';
import { type LibraryManifest, readLibraryManifest } from './library-manifest';
import { publishBuiltLibrary } from './library-publisher';
import { LibraryDownloadsProjector } from './projections/library-downloads.projector';
import { LibraryFilesProjector } from './projections/library-files.projector';
import type { ObjectStorage } from './storage/object-storage';
import { OBJECT_STORAGE, storageFromConfig } from './storage/storage-from-config';
import { libraryStreamKinds } from './library.stream-kinds';

export const LIBRARY_MANIFEST = Symbol('LIBRARY_MANIFEST');

/** The built library's folder: LIBRARY_DIST, else `<WEB_DIST>/library` (where the build writes it). */
export const libraryDist = (config: Pick<AppConfig, 'LIBRARY_DIST' | 'WEB_DIST'>) => config.LIBRARY_DIST ?? join(config.WEB_DIST, 'library');

/** What customers bought, delivered: file versions in object storage, entitlements, signed downloads. */
@Module({
  imports: [CatalogModule],
  controllers: [LibraryDownloadController, AdminLibraryUploadController],
  providers: [
    LibraryServerFns,
    AdminLibraryServerFns,
    DownloadChecks,
    DownloadProblemServerFns,
    { provide: OBJECT_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => storageFromConfig(config) },
    { provide: LIBRARY_MANIFEST, inject: [APP_CONFIG], useFactory: (config: AppConfig) => readLibraryManifest(libraryDist(config)) },
    {
      provide: LibraryQueries,
      inject: [MikroORM, CatalogQueries, LIBRARY_MANIFEST],
      useFactory: (orm: MikroORM, catalog: CatalogQueries, manifest: LibraryManifest) => new LibraryQueries(orm, catalog, manifest),
    },
    {
      provide: DownloadLinks,
      inject: [SITE_SECRET, APP_CONFIG],
      useFactory: (secret: SiteSecret, config: AppConfig) => new DownloadLinks(deriveKey(secret, 'library-download-links'), config.LIBRARY_LINK_TTL_SECONDS),
    },
    RecordDownloadHandler,
    {
      provide: PublishFileVersionHandler,
      inject: [EventStore, OBJECT_STORAGE],
      useFactory: (store: EventStore, storage: ObjectStorage) => new PublishFileVersionHandler(store, storage),
    },
  ],
  exports: [LibraryQueries, OBJECT_STORAGE, LIBRARY_MANIFEST],
})
export class LibraryModule implements OnModuleInit, OnApplicationBootstrap {
  constructor(
    private readonly streamKinds: StreamKinds,
    private readonly events: EventRegistry,
    private readonly projectors: ProjectorRegistry,
    private readonly publisher: PublishFileVersionHandler,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.events.register(...libraryEvents);
    this.streamKinds.add(...libraryStreamKinds);
    this.projectors.register(new LibraryFilesProjector());
    this.projectors.register(new LibraryDownloadsProjector());
  }

  async onApplicationBootstrap(): Promise<void> {
    await publishBuiltLibrary({
      libraryDir: libraryDist(this.config),
      database: this.config.DATABASE_URL,
      handler: this.publisher,
      log: rootLogger(this.config),
    });
  }
}
