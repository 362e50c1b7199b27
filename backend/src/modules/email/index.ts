/** The email module's public surface: other modules, the app and the CLI import only this. */
export { type EmailKindName, EmailKinds } from './email-kinds';
export { EmailDelivery } from './email-delivery';
export type { EmailAttachment, EmailMessage, EmailTransport } from './email-message';
export { emailJobKey } from './jobs/email-job';
export { EmailSender } from './email-sender';
export { emailTrigger, type EmailTrigger, EmailTriggers } from './email-triggers';
export { STAND_IN_EMAIL_TRANSPORT } from './stand-in-transport';
export { EmailModule } from './email.module';
export { EmailJobsModule } from './jobs/email-jobs.module';
export type { TriggerContext } from './email-triggers';
export { readDeliveriesCausedBy, readDeliveriesTo } from './email-deliveries.reads';
