/** The plugin-api module's public surface: other modules, the app and the CLI import only this. */
export { admit, readKey } from './admission';
export { type KeyedLicense, LicenseLookup, type LicenseStanding, type LookedUpLicense } from './license-lookup';
export { DEPENDENCY_TIMEOUT_MS, KeyGate, type KeyGateLimits, requestIdOf } from './key-gate';
export { PluginApiModule } from './plugin-api.module';
export { pluginApiReadModels } from './plugin-api-read-models';
export type { ValidationLogTables } from './validation-log.entity';
export { readCheckSummary, readLatestChecks } from './validation-log.reads';
