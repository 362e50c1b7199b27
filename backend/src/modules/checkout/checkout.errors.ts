import { ModuleError } from '../../platform/common/module-error';

export class CheckoutResourceNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor() {
    super('There is no such resource.');
  }
}

/** A session is paid for with its booked time, on the sessions page. */
export class BookATimeError extends ModuleError {
  static readonly code = 'checkout.book_a_time';
  static readonly status = 409;
  constructor(title: string) {
    super(`${title} is booked for a time: choose one on the sessions page, then pay.`);
  }
}

export class IncludedWithSubscriptionError extends ModuleError {
  static readonly code = 'checkout.included_with_subscription';
  static readonly status = 409;
  constructor(title: string) {
    super(`${title} comes with every subscription: subscribe to a plan to get it.`);
  }
}

export class AlreadyOwnedError extends ModuleError {
  static readonly code = 'checkout.already_owned';
  static readonly status = 409;
  constructor(title: string) {
    super(`${title} is already on your account.`);
  }
}

export class PendingPaymentNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor() {
    super('There is no such pending payment on your account.');
  }
}

/** Only an open checkout can be abandoned: a delayed payment or a renewal is already on its way. */
export class NotAbandonableError extends ModuleError {
  static readonly code = 'pending_payment.not_abandonable';
  static readonly status = 409;
  constructor() {
    super('Only an unfinished checkout can be abandoned; a payment already on its way cannot be stopped here.');
  }
}

/** No Stripe customer yet, so no billing portal to open. */
export class NoBillingAccountError extends ModuleError {
  static readonly code = 'billing.no_customer';
  static readonly status = 409;
  constructor() {
    super('There is no billing account yet: it starts with your first purchase.');
  }
}

/** The code typed, or the sale shown, no longer applies to this checkout: the reason, in the buyer's words. */
export class DiscountRefusedError extends ModuleError {
  static readonly code = 'checkout.discount_refused';
  static readonly status = 422;
  constructor(message: string) {
    super(message);
  }
}
