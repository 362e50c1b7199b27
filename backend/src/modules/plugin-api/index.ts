/** The plugin-api module's public surface: other modules, the app and the CLI import only this. */
export { PluginApiModule } from './plugin-api.module';
export { AnnualUpgradeOffers } from './annual-upgrade-offer';
