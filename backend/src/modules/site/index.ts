/** The site module's public surface: other modules, the app and the CLI import only this. */
export { CrawlersModule } from './crawlers.module';
export { SiteModule } from './site.module';
