/** The site module's public surface: other modules, the app and the CLI import only this. */
export { SiteModule } from './site.module';
