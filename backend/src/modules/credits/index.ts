/** The credits module's public surface: other modules, the app and the CLI import only this. */
export { AddCreditPack } from './commands/add-credit-pack.handler';
export { creditStreamKinds } from './credits.stream-kinds';
export { CreditsModule } from './credits.module';
export type { CreditTables } from './projections/credits.entities';
export { addOnRemaining, creditLedgerDecider, includedRemaining, type CreditState } from './credits.decider';
export { creditEvents, type CreditEvent } from './credits.events';
export { readCreditBalance, readCreditUsageSummary } from './credits.reads';
export { creditStreamId } from './credits.events';
