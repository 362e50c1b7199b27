/** The catalog module's public surface: other modules, the app and the CLI import only this. */
export { ResourceSchema } from './resource.entity';
export { CatalogQueries } from './catalog.queries';
export { seedCatalog } from './catalog-seed';
export { CatalogModule } from './catalog.module';
