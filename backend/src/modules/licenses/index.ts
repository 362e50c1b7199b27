/** The licenses module's public surface: other modules, the app and the CLI import only this. */
export { licenseKeyHash, licenseKeyHint, normaliseLicenseKey, openLicenseKey } from './license-key';
export { LicensedUserAdded, LicenseGranted } from './licenses.events';
export { isSubscriptionResource, licenseTerms } from './license-terms';
export { licenseIdFor, Licenses } from './commands/license-commands';
export { LicenseChanges } from './license-changes';
export { signSeatInvitation } from './seat-invitation-token';
export { SEAT_INVITATION_KEY } from './seat-invitation.server-fns';
export { LICENSE_SEALING_SECRET, LicensesModule } from './licenses.module';
export { generateLicenseKey } from './license-key';
export { LicenseNotFoundError } from './licenses.errors';
export type { LicenseTables } from './projections/licenses.entities';
