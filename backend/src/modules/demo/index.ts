/** The demo module's public surface: other modules, the app and the CLI import only this. */
export { DEMO_ACCOUNTS, type DemoAccount, type DemoAccounts } from './demo-accounts';
export { DEMO_HOST, localAdminEmails, usesDemoData } from './demo-data';
export { DemoModule } from './demo.module';
