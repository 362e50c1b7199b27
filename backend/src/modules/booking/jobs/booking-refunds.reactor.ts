import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { StripeClient } from '../../../integrations/stripe';
import type { BookingCancelled, BookingRefusedSlotTaken } from '../booking.events';

/**
 * Gives the money back when a booking is refused (its time was taken) or cancelled with a refund.
 * It runs as a projector in the worker, so a refund is never lost to a crash between the event
 * and Stripe: the batch is retried until Stripe has it. The idempotency key is the booking's, and
 * a charge Stripe already refunded (a replay past the key's 24 hours) counts as done.
 */
export class BookingRefundsReactor implements Projector {
  readonly name = 'BookingRefundsReactor';
  readonly eventTypes = ['BookingRefusedSlotTaken', 'BookingCancelled'];
  readonly tables: string[] = [];

  constructor(private readonly stripe: StripeClient) {}

  async apply(event: RecordedEvent): Promise<void> {
    const d = event.data as EventData<typeof BookingCancelled> | EventData<typeof BookingRefusedSlotTaken>;
    const amount = event.type === 'BookingRefusedSlotTaken' ? d.details.amountCents : (d as EventData<typeof BookingCancelled>).refundCents;
    if (!d.paymentIntentId || amount <= 0) return;
    try {
      await this.stripe.api.refunds.create(
        { payment_intent: d.paymentIntentId, amount, reason: 'requested_by_customer', metadata: { bookingId: d.bookingId, cause: event.type } },
        { idempotencyKey: `booking-refund-${d.bookingId}` },
      );
    } catch (error) {
      if ((error as { code?: string }).code === 'charge_already_refunded') return;
      throw error;
    }
  }
}
