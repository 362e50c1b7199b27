import { Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { NotificationListener } from '../../platform/database/notification-listener';
import { CATALOG_CHANGES_CHANNEL, CatalogListCache } from './catalog-list-cache';
import { CatalogQueries } from './catalog.queries';
import { CatalogServerFns } from './catalog.server-fns';

@Module({
  providers: [
    CatalogQueries,
    CatalogServerFns,
    {
      provide: CatalogListCache,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new CatalogListCache(new NotificationListener(config.DATABASE_URL, CATALOG_CHANGES_CHANNEL)),
    },
  ],
  exports: [CatalogQueries],
})
export class CatalogModule implements OnApplicationShutdown {
  constructor(@Inject(CatalogListCache) private readonly lists: CatalogListCache) {}

  async onApplicationShutdown(): Promise<void> {
    await this.lists.stop();
  }
}
