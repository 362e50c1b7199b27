import { Module } from '@nestjs/common';
import { SsrModule } from '../../platform/web/ssr.module';
import { CatalogModule } from '../catalog';
import { CrawlersController } from './crawlers.controller';

/** sitemap.xml and robots.txt, for the api only: imported just before WebModule's catch-all. */
@Module({ imports: [CatalogModule, SsrModule], controllers: [CrawlersController] })
export class CrawlersModule {}
