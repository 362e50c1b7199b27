import { Module } from '@nestjs/common';
import { CatalogQueries } from './catalog.queries';
import { CatalogServerFns } from './catalog.server-fns';

@Module({ providers: [CatalogQueries, CatalogServerFns], exports: [CatalogQueries] })
export class CatalogModule {}
