/** The admin module's public surface: other modules, the app and the CLI import only this. */
export { AdminOperationGate } from './admin-operation-gate';
export { type AccountStream, readAccountStreams } from './account-streams';
export { StreamSummarySchema } from './projections/stream-summary.entity';
export { adminStreamKinds } from './admin.stream-kinds';
export { AdminModule } from './admin.module';
export { AdminJobsModule } from './jobs/admin-jobs.module';
