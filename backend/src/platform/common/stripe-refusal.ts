import type { Logger } from 'pino';
import Stripe from 'stripe';
import type { AppError } from './app-error';
import { UnavailableError } from './app-error';
import { StripeCardDeclinedError, StripeConflictError, StripeRefusedError } from './stripe-refusal.errors';

/**
 * The one place a Stripe SDK error that nobody handled becomes an answer: a coded app error
 * (never a 500) with a message a customer can read, and a log line with Stripe's request id,
 * type and code, so the request can be found in Stripe's dashboard. Anything else: undefined.
 * Callers that expect a particular refusal catch it themselves first, on the SDK's own error.
 * It lives here, below every module, because the transport and the error filter use it.
 */
export function stripeRefusal(error: unknown, log: Logger): AppError | undefined {
  if (!(error instanceof Stripe.errors.StripeError)) return undefined;
  const refusal = appErrorFor(error);
  const facts = {
    stripeRequestId: error.requestId ?? null,
    stripeType: error.type,
    stripeCode: error.code ?? null,
    stripeParam: error.param ?? null,
    stripeStatus: error.statusCode ?? null,
    code: refusal.code,
  };
  if (refusal.status >= 500 || error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError)
    log.error(facts, `Stripe failed: ${error.message}`);
  else log.warn(facts, `Stripe refused a request: ${error.message}`);
  return refusal;
}

function appErrorFor(error: Stripe.errors.StripeError): AppError {
  if (error instanceof Stripe.errors.StripeCardError) return new StripeCardDeclinedError();
  if (error instanceof Stripe.errors.StripeIdempotencyError || error.statusCode === 409) return new StripeConflictError();
  if (error instanceof Stripe.errors.StripeInvalidRequestError) return new StripeRefusedError();
  // Stripe out of reach, overloaded or failing, or our keys refused: ours to fix or to wait for, not the customer's.
  return new UnavailableError('We cannot reach our payment provider right now. Nothing was charged; please try again in a minute.');
}
