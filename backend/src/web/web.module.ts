import { Module } from '@nestjs/common';
import { SsrRenderer } from './ssr-renderer';
import { WebController } from './web.controller';

/** Imported last: its catch-all GET must come after every other route. */
@Module({ controllers: [WebController], providers: [SsrRenderer], exports: [SsrRenderer] })
export class WebModule {}
