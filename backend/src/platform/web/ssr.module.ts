import { Module } from '@nestjs/common';
import { SsrRenderer } from './ssr-renderer';

/** The server-rendering bundle, for the pages (WebModule) and what lists them (the site's sitemap). */
@Module({ providers: [SsrRenderer], exports: [SsrRenderer] })
export class SsrModule {}
