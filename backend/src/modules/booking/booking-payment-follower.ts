import type { CommandBus } from '@nestjs/cqrs';
import type { EventMetadata } from '../../events/event-metadata';
import type { ClosedUnpaid, PaidPurchase, PurchaseFollower, TakenBack } from '../checkout';
import type { BookingReads } from './booking.queries';
import { BookingNotFoundError } from './booking.errors';
import { CancelBooking } from './commands/cancel-booking.handler';
import { ConfirmBooking } from './commands/confirm-booking.handler';
import { ReleaseHold } from './commands/release-hold.handler';

const holdOf = (metadata: Record<string, string>) =>
  metadata.holdId && metadata.hostUserId ? { holdId: metadata.holdId, hostUserId: metadata.hostUserId } : null;

/**
 * Payments for held times: paid confirms the booking (or refuses it, to be refunded, when the
 * time went to someone else after the hold lapsed); a checkout that ends unpaid gives the time
 * back; a payment taken back in Stripe cancels the booking. Each step is idempotent on the
 * host's calendar, so Stripe's repeats change nothing.
 */
export class BookingPaymentFollower implements PurchaseFollower {
  constructor(
    private readonly commands: CommandBus,
    private readonly reads: BookingReads,
  ) {}

  async purchased(purchase: PaidPurchase, metadata: EventMetadata): Promise<void> {
    const hold = holdOf(purchase.stripeMetadata);
    if (!hold) return;
    const host = await this.reads.host(hold.hostUserId);
    const at = new Date().toISOString();
    await this.commands.execute(
      new ConfirmBooking(
        { hostUserId: hold.hostUserId, holdId: hold.holdId, paymentIntentId: purchase.paymentIntentId, bufferMinutes: host?.schedule.bufferMinutes ?? 0, at },
        metadata,
      ),
    );
    if (purchase.takenBack) await this.reverse(hold, metadata);
  }

  async takenBack(purchase: TakenBack, metadata: EventMetadata): Promise<void> {
    const hold = holdOf(purchase.stripeMetadata);
    if (hold) await this.reverse(hold, metadata);
  }

  async closedUnpaid(checkout: ClosedUnpaid, metadata: EventMetadata): Promise<void> {
    const hold = holdOf(checkout.stripeMetadata);
    if (!hold) return;
    const reason = checkout.reason === 'expired' ? 'checkout_expired' : 'payment_failed';
    await this.commands.execute(new ReleaseHold({ hostUserId: hold.hostUserId, holdId: hold.holdId, reason, at: new Date().toISOString() }, metadata));
  }

  private async reverse(hold: { holdId: string; hostUserId: string }, metadata: EventMetadata): Promise<void> {
    try {
      await this.commands.execute(
        new CancelBooking(
          { hostUserId: hold.hostUserId, bookingId: hold.holdId, customerUserId: null, by: 'payment_reversed', at: new Date().toISOString() },
          metadata,
        ),
      );
    } catch (error) {
      // Never confirmed (still only a hold): nothing was booked to cancel.
      if (!(error instanceof BookingNotFoundError)) throw error;
    }
  }
}
