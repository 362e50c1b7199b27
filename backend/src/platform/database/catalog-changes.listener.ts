import { Inject, Injectable, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { CATALOG_CHANGES_CHANNEL } from './catalog-changes';
import { NotificationListener } from './notification-listener';

/**
 * The one LISTEN connection on `catalog_changes` in an api process, shared by everything built from
 * the catalog (its lists, the signed-out pages), so they keep and forget together. Opened by the
 * first that starts it; a worker, which builds nothing from the catalog, never does.
 */
@Injectable()
export class CatalogChangesListener extends NotificationListener implements OnApplicationShutdown {
  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    super(config.DATABASE_URL, CATALOG_CHANGES_CHANNEL);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.stop();
  }
}

@Module({ providers: [CatalogChangesListener], exports: [CatalogChangesListener] })
export class CatalogChangesModule {}
