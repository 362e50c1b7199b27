import { formatDay } from '../../../../contracts/dates';
import { ModuleError } from '../../platform/common/module-error';

export { OwnerOnlyError } from '../auth';

/** A support admin asked to grant more credits in one action than support may. */
export class GrantLimitError extends ModuleError {
  static readonly code = 'admin.grant_limit';
  static readonly status = 403;
  constructor(limit: number) {
    super(`Support can grant up to ${limit} credits in one action; ask an owner for more.`);
  }
}

/** A support admin's grant would take them past the credits support may grant in a UTC day. */
export class DailyGrantLimitError extends ModuleError {
  static readonly code = 'admin.daily_grant_limit';
  static readonly status = 403;
  constructor(limit: number, left: number) {
    const count = (n: number) => n.toLocaleString('en-US');
    super(
      `Support can grant up to ${count(limit)} credits a day; ${left > 0 ? `you have ${count(left)} left today` : 'you have none left today'} (the day ends at midnight UTC). Ask an owner for more.`,
    );
  }
}

/** The same action id was sent again for another action (a different kind or customer). */
export class ActionIdReusedError extends ModuleError {
  static readonly code = 'admin.action_id_reused';
  static readonly status = 409;
  constructor(actionId: string) {
    super(`Action ${actionId} was already recorded for another action; reopen the form and try again.`);
  }
}

/** What the action names does not exist on this account (a license, a purchase, a resource). */
export class ActionTargetNotFoundError extends ModuleError {
  static readonly code = 'admin.action_target_not_found';
  static readonly status = 404;
  constructor(what: string) {
    super(`${what} was not found on this account.`);
  }
}

/** Completing or failing an action that was never recorded, or that does not wait for an outcome. */
export class ActionNotPendingError extends ModuleError {
  static readonly code = 'admin.action_not_pending';
  static readonly status = 409;
  constructor(actionId: string) {
    super(`Support action ${actionId} is not waiting for an outcome.`);
  }
}

/** A refund larger than what is left of the payment. */
export class RefundTooLargeError extends ModuleError {
  static readonly code = 'admin.refund_too_large';
  static readonly status = 400;
  constructor(leftCents: number) {
    super(`At most ${(leftCents / 100).toFixed(2)} is left to refund on this payment.`);
  }
}

/** A refund in another currency than the payment's: Stripe refunds in the charge's currency, so the amount would mean something else. */
export class RefundCurrencyMismatchError extends ModuleError {
  static readonly code = 'admin.refund_currency_mismatch';
  static readonly status = 400;
  constructor(asked: string, paid: string) {
    super(`This payment was made in ${paid.toUpperCase()}; a refund of it is in ${paid.toUpperCase()} too, not ${asked.toUpperCase()}.`);
  }
}

/** A lifetime license never ends by a date: there is nothing to extend. */
export class ExtendLifetimeError extends ModuleError {
  static readonly code = 'admin.extend_lifetime';
  static readonly status = 400;
  constructor() {
    super('A lifetime license never ends, so there is nothing to extend. Extensions are for subscription licenses.');
  }
}

/** An extension to a date no later than the one the license is already extended to. */
export class ExtendNotLaterError extends ModuleError {
  static readonly code = 'admin.extend_not_later';
  static readonly status = 409;
  constructor(extendedUntil: string) {
    super(`This license is already extended to ${formatDay(extendedUntil)}; pick a later date to extend it further.`);
  }
}

/** A license extended to a moment already past. */
export class ExtendToPastError extends ModuleError {
  static readonly code = 'admin.extend_to_past';
  static readonly status = 400;
  constructor() {
    super('Pick a date in the future to extend the license to.');
  }
}
