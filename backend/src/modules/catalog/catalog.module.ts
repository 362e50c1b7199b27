import { Module } from '@nestjs/common';
import { CatalogChangesModule, CatalogChangesListener } from '../../platform/database/catalog-changes.listener';
import { CatalogListCache } from './catalog-list-cache';
import { CatalogQueries } from './catalog.queries';
import { CatalogServerFns } from './catalog.server-fns';

@Module({
  imports: [CatalogChangesModule],
  providers: [
    CatalogQueries,
    CatalogServerFns,
    { provide: CatalogListCache, inject: [CatalogChangesListener], useFactory: (changes: CatalogChangesListener) => new CatalogListCache(changes) },
  ],
  exports: [CatalogQueries],
})
export class CatalogModule {}
