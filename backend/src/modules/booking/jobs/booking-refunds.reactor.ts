import { causeOf } from '../../../events/metadata-for';
import type { Recorded } from '../../../events/projector';
import type { Reactor } from '../../../events/reactor';
import type { StripeClient } from '../../../integrations/stripe';
import { BookingCancelled, BookingRefusedSlotTaken } from '../booking.events';

type RefundedEvent = Recorded<ReturnType<typeof BookingCancelled> | ReturnType<typeof BookingRefusedSlotTaken>>;

/**
 * Gives the money back when a booking is refused (its time was taken) or cancelled with a refund.
 * It runs in the worker from its checkpoint, so a refund is never lost to a crash between the
 * event and Stripe: the batch is retried until Stripe has it. The idempotency key is the booking's,
 * and a charge Stripe already refunded (a replay past the key's 24 hours) counts as done.
 */
export class BookingRefundsReactor implements Reactor<RefundedEvent> {
  readonly name = 'BookingRefundsReactor';
  readonly eventTypes = [BookingRefusedSlotTaken.type, BookingCancelled.type];

  constructor(private readonly stripe: StripeClient) {}

  async react(event: RefundedEvent): Promise<void> {
    const d = event.data;
    const amount = event.type === 'BookingRefusedSlotTaken' ? event.data.details.amountCents : event.data.refundCents;
    if (!d.paymentIntentId || amount <= 0) return;
    try {
      await this.stripe.api.refunds.create(
        {
          payment_intent: d.paymentIntentId,
          amount,
          reason: 'requested_by_customer',
          // The refund names the event that made it and that event's chain, as an event would.
          metadata: { bookingId: d.bookingId, cause: event.type, ...causeOf(event) },
        },
        { idempotencyKey: `booking-refund-${d.bookingId}` },
      );
    } catch (error) {
      if ((error as { code?: string }).code === 'charge_already_refunded') return;
      throw error;
    }
  }
}
