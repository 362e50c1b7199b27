/** The admin module's public surface: other modules, the app and the CLI import only this. */
export { AdminAccess, isAdmin } from './admin-access';
export { ACCOUNT_STREAMS_SQL } from './account-streams';
export { StreamSummarySchema } from './projections/stream-summary.entity';
export { AdminModule } from './admin.module';
export { AdminJobsModule } from './jobs/admin-jobs.module';
