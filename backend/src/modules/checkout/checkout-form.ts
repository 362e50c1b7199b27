import { checkoutPagePath, libraryItemPath } from '../../../../contracts/checkout/checkout-links';
import { AppError } from '../../platform/common/app-error';
import { redirectTo, type ServerRedirectSignal } from '../../server-fn/server-redirect';
import type { CheckoutOutcome } from './commands/open-checkout.handler';

/**
 * Where a checkout form posted without JavaScript sends the browser (a 303): Stripe's page, the
 * library item for a free resource, or back to the checkout page with what went wrong.
 */
export async function plainFormAnswer(
  input: { resourceId: string; quantity: number; code?: string | undefined },
  start: () => Promise<CheckoutOutcome>,
): Promise<never> {
  const code: Record<string, string> = input.code?.trim() ? { code: input.code.trim() } : {};
  const back = (status: string, reason?: string) =>
    redirectTo(checkoutPagePath({ resourceId: input.resourceId, quantity: input.quantity }, { ...code, status, ...(reason ? { reason } : {}) }), {
      statusCode: 303,
    });
  let outcome: CheckoutOutcome;
  try {
    outcome = await start();
  } catch (error) {
    if (error instanceof AppError) throw back('error', error.code);
    throw error;
  }
  throw answerFor(outcome, back);
}

function answerFor(outcome: CheckoutOutcome, back: (status: string) => ServerRedirectSignal): ServerRedirectSignal {
  if (outcome.outcome === 'redirect') return redirectTo(outcome.url, { statusCode: 303 });
  if (outcome.outcome === 'granted') return redirectTo(libraryItemPath(outcome.resourceId), { statusCode: 303 });
  return back('configuration-error');
}
