/** The credits module's public surface: other modules, the app and the CLI import only this. */
export { CreditsModule } from './credits.module';
export type { CreditTables } from './projections/credits.entities';
export type { CreditEvent } from './credits.events';
