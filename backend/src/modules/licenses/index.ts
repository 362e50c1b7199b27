/** The licenses module's public surface: other modules, the app and the CLI import only this. */
export { licenseKeyHash, licenseKeyHint, normaliseLicenseKey, openLicenseKey } from './license-key';
export { LicensedUserAdded, LicenseGranted } from './licenses.events';
export { isSubscriptionResource, licenseTerms } from './license-terms';
export { licenseIdFor } from './commands/license-id';
export { Licenses } from './commands/license-commands';
export { AddLicensedUser } from './commands/add-licensed-user.handler';
export { ChangeLicensePlan } from './commands/change-license-plan.handler';
export { ChangeLicenseTerm } from './commands/change-license-term.handler';
export { GrantLicense } from './commands/grant-license.handler';
export { RemoveLicensedUser } from './commands/remove-licensed-user.handler';
export { RevokeLicense } from './commands/revoke-license.handler';
export { RotateLicenseKey } from './commands/rotate-license-key.handler';
export { LicensesQueries } from './licenses.queries';
export { LicenseChanges } from './license-changes';
export { signSeatInvitation } from './seat-invitation-token';
export { SEAT_INVITATION_KEY } from './seat-invitation.server-fns';
export { LICENSE_SEALING_SECRET, LicensesModule } from './licenses.module';
