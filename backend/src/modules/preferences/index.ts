/** The preferences module's public surface: other modules, the app and the CLI import only this. */
export { normalizeEmail } from './email-address';
export { ManageEmailLinkRequested } from './preferences.events';
export { EmailPreferences } from './email-preferences';
export { MAILED_ADDRESSES } from './mailed-addresses';
export { ManageEmailLinks } from './manage-email-links';
export { OneClickUnsubscribeController } from './one-click-unsubscribe.controller';
export { EmailPreferencesServerFns } from './preferences.server-fns';
export { PreferencesModule } from './preferences.module';
