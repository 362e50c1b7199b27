import { ModuleError } from '../../../platform/common/module-error';

export class StripeEventNotFoundError extends ModuleError {
  static readonly code = 'NOT_FOUND';
  static readonly status = 404;
  constructor(stripeEventId: string) {
    super(`No Stripe event ${stripeEventId} was received.`);
  }
}

/** A handled event is not re-driven: handling it again would change nothing. */
export class StripeEventHandledError extends ModuleError {
  static readonly code = 'stripe.event_handled';
  static readonly status = 409;
  constructor(stripeEventId: string) {
    super(`${stripeEventId} was already handled; handling it again would change nothing.`);
  }
}

export class StripeEventRunningError extends ModuleError {
  static readonly code = 'stripe.event_running';
  static readonly status = 409;
  constructor(stripeEventId: string) {
    super(`${stripeEventId} is being handled right now.`);
  }
}
