import { Module } from '@nestjs/common';
import { CatalogModule } from '../../modules/catalog';
import { CrawlersController } from './crawlers.controller';
import { SsrRenderer } from './ssr-renderer';
import { WebController } from './web.controller';

/** Imported last: its catch-all GET must come after every other route. */
@Module({
  imports: [CatalogModule],
  controllers: [CrawlersController, WebController],
  providers: [SsrRenderer],
  exports: [SsrRenderer],
})
export class WebModule {}
