/** The support module's public surface: the app imports only this. */
export { SupportModule } from './support.module';
export { SupportJobsModule } from './jobs/support-jobs.module';
