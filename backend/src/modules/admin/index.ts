/** The admin module's public surface: other modules, the app and the CLI import only this. */
export { type AdminActor, AdminAccess, ADMIN_TOKEN_ACTOR, isAdmin } from './admin-access';
export { AdminSessions } from './admin-sessions';
export { AdminOperationGate } from './admin-operation-gate';
// After AdminSessions and AdminAccess: auth reads them while the modules these reads compose are still loading.
export { type AccountStream, readAccountStreams } from './account-streams';
export { StreamSummarySchema } from './projections/stream-summary.entity';
export { adminStreamKinds } from './admin.stream-kinds';
export { AdminModule } from './admin.module';
export { AdminJobsModule } from './jobs/admin-jobs.module';
