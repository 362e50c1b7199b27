/** The admin module's public surface: other modules, the app and the CLI import only this. */
export { ACCOUNT_STREAMS_SQL } from './account-streams';
export { AdminRoute, adminRouteCaller, ADMIN_ROUTE_METADATA, type AdminRouteDeclaration } from './admin-route';
export {
  ASYNC_KINDS,
  SupportActionCompleted,
  SupportActionFailed,
  SupportActionRecorded,
  supportActionStreamId,
  type SupportAction,
  type SupportActionEvent,
  type SupportActionKind,
  type SupportActionRequest,
} from './support-actions.events';
export { assertPermitted, supportActionDecider, type SupportActionState } from './support-action.decider';
export { supportCreditGrantsStreamId, utcDay } from './support-credit-grants.events';
export { supportCreditGrantsDecider } from './support-credit-grants.decider';
export {
  ActionTargetNotFoundError,
  ExtendLifetimeError,
  ExtendNotLaterError,
  ExtendToPastError,
  RefundCurrencyMismatchError,
  RefundTooLargeError,
} from './support-actions.errors';
export { StreamSummarySchema } from './projections/stream-summary.entity';
export { AdminModule } from './admin.module';
export { AdminJobsModule } from './jobs/admin-jobs.module';
