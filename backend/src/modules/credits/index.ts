/** The credits module's public surface: other modules, the app and the CLI import only this. */
export { AddCreditPack } from './commands/add-credit-pack.handler';
export { creditStreamKinds } from './credits.stream-kinds';
export { CreditsModule } from './credits.module';
export { CreditAccounts, type CreditAccount } from './credit-accounts';
export { CreditReads } from './credits.queries';
export { CREDIT_PACKS_PATH } from './credit-packs-path';
export { DebitCredits } from './commands/debit-credits.handler';
export { DebitLicenseRejectedError, DebitsNotConfiguredError, DebitTokenInvalidError } from './credits.errors';
export type { CreditTables } from './projections/credits.entities';
export { addOnRemaining, creditLedgerDecider, includedRemaining, type CreditState } from './credits.decider';
export { creditEvents, type CreditEvent } from './credits.events';
export { readCreditBalance, readCreditUsageSummary } from './credits.reads';
export { creditStreamId } from './credits.events';
