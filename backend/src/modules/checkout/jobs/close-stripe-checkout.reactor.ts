import type { Recorded } from '../../../events/projector';
import type { Reactor } from '../../../events/reactor';
import { PendingPaymentExpired } from '../checkout.events';
import type { StripeCheckoutClosings } from './close-stripe-checkout';

type EndedEvent = Recorded<ReturnType<typeof PendingPaymentExpired>>;

/**
 * A checkout we ended (the buyer abandoned it on the dashboard, or came back through Stripe's
 * "back" link) has its Stripe checkout closed by a job, so an old tab cannot pay for it. Ends that
 * Stripe told us of (expired, payment failed) need nothing: Stripe's checkout is closed already.
 */
export class CloseStripeCheckoutReactor implements Reactor<EndedEvent> {
  readonly name = 'CloseStripeCheckoutReactor';
  readonly eventTypes = [PendingPaymentExpired.type];

  constructor(private readonly closings: StripeCheckoutClosings) {}

  async react(event: EndedEvent): Promise<void> {
    if (event.data.reason !== 'abandoned' && event.data.reason !== 'cancelled') return;
    await this.closings.close(event.data.pendingPaymentId.replace(/^pp-/, ''));
  }
}
