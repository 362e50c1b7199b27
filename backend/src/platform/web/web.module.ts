import { Module } from '@nestjs/common';
import { CatalogChangesModule } from '../database/catalog-changes.listener';
import { SharedPages } from './shared-pages/shared-pages';
import { SsrModule } from './ssr.module';
import { WebController } from './web.controller';

/** Imported last: its catch-all GET must come after every other route. */
@Module({
  imports: [SsrModule, CatalogChangesModule],
  controllers: [WebController],
  providers: [SharedPages],
  exports: [SsrModule],
})
export class WebModule {}
