import { ModuleError } from './module-error';

/** Stripe declined the card it charged (a StripeCardError). Nothing was charged. */
export class StripeCardDeclinedError extends ModuleError {
  static readonly code = 'stripe.card_declined';
  static readonly status = 402;
  constructor() {
    super('Your card was declined, so nothing was charged. Update your card in billing, then try again.');
  }
}

/** Stripe refused what we asked of it (a StripeInvalidRequestError): nothing changed there. */
export class StripeRefusedError extends ModuleError {
  static readonly code = 'stripe.refused';
  static readonly status = 422;
  constructor() {
    super('Our payment provider refused this change, so nothing was charged or changed. Reload the page and try again; if it happens again, contact us.');
  }
}

/** The same request was already made with other parameters, or is being made now (StripeIdempotencyError, a lock timeout). */
export class StripeConflictError extends ModuleError {
  static readonly code = 'stripe.conflict';
  static readonly status = 409;
  constructor() {
    super('This change is already being made. Reload the page in a moment to see where it stands.');
  }
}
