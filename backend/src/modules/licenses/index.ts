/** The licenses module's public surface: other modules, the app and the CLI import only this. */
export { licenseKeyHash, licenseKeyHint, normaliseLicenseKey, openLicenseKey } from './license-key';
export { SeatAssigned, LicenseGranted } from './licenses.events';
export { isSubscriptionResource, licenseTerms } from './license-terms';
export { licenseIdFor } from './commands/license-id';
export { AssignSeat } from './commands/assign-seat.handler';
export { ChangeLicensePlan } from './commands/change-license-plan.handler';
export { ChangeLicenseTerm } from './commands/change-license-term.handler';
export { ExtendLicense } from './commands/extend-license.handler';
export { GrantLicense } from './commands/grant-license.handler';
export { RemoveSeat } from './commands/remove-seat.handler';
export { RevokeLicense } from './commands/revoke-license.handler';
export { RotateLicenseKey } from './commands/rotate-license-key.handler';
export { LicensesQueries } from './licenses.queries';
export { LicenseChanges } from './license-changes';
export { signSeatInvitation } from './seat-invitation-token';
export { SEAT_INVITATION_KEY } from './seat-invitation.server-fns';
export { licenseStreamKinds } from './licenses.stream-kinds';
export { LICENSE_SEALING_SECRET, LicensesModule } from './licenses.module';
export { generateLicenseKey } from './license-key';
export { LicenseNotFoundError } from './licenses.errors';
export type { LicenseTables } from './projections/licenses.entities';
export { admit, type KeyedLicense, type LicenseStanding } from './license-admission';
export { ValidationLog, type ValidationRecord } from './validation-log';
export { LicenseValidation, type ValidationLogTables } from './validation-log.entity';
export { readCheckSummary, readLatestChecks } from './validation-log.reads';
export { licenseDecider, type LicenseState } from './licenses.decider';
export { licenseEvents, type LicenseEvent } from './licenses.events';
export {
  licenseAccountLinks,
  readAccountLicense,
  readAccountLicenses,
  readLatestPlans,
  readLicenseKeyOwners,
  readSeats,
  type SeatsWanted,
} from './licenses.reads';
export { licenseStreamId } from './licenses.events';
export { readChecksAround, type CheckTally } from './checks-around.reads';
