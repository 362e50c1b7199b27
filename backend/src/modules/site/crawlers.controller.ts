import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { CatalogQueries } from '../catalog';
import { SsrRenderer } from '../../platform/web/ssr-renderer';

/** sitemap.xml and robots.txt: every public page, every resource by slug, every docs page. */
@Controller()
export class CrawlersController {
  constructor(
    private readonly renderer: SsrRenderer,
    private readonly catalog: CatalogQueries,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('sitemap.xml')
  async sitemap(@Res() res: Response): Promise<void> {
    const origin = new URL(this.config.PUBLIC_URL).origin;
    const [publicPaths, { resources }] = await Promise.all([this.renderer.publicPaths(), this.catalog.list({})]);
    const paths = [...publicPaths, ...resources.map((r) => `/resources/${encodeURIComponent(r.slug)}`)];
    const body = [
      '<?xml version="1.0" encoding="UTF-8"?>',
      '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
      ...[...new Set(paths)].map((path) => `  <url><loc>${escapeXml(`${origin}${path}`)}</loc></url>`),
      '</urlset>',
      '',
    ].join('\n');
    res.type('application/xml').setHeader('cache-control', 'public, max-age=3600').send(body);
  }

  @Get('robots.txt')
  robots(@Res() res: Response): void {
    const origin = new URL(this.config.PUBLIC_URL).origin;
    // Private pages stay crawlable so that crawlers can see their noindex; only machinery is disallowed.
    const body = ['User-agent: *', 'Allow: /', 'Disallow: /_serverFn/', 'Disallow: /admin', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
    res.type('text/plain').setHeader('cache-control', 'public, max-age=3600').send(body);
  }
}

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}
