/** The support module's public surface: the app and admin import only this. */
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
export { supportStreamKinds } from './support.stream-kinds';
export { SupportModule } from './support.module';
export { SupportJobsModule } from './jobs/support-jobs.module';
export { findCustomersLike, isKnownCustomer, readCustomerContact, readCustomerContacts } from './customer-directory.reads';
