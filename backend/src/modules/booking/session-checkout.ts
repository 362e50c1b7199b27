import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CommandBus } from '@nestjs/cqrs';
import { awaitProjection } from '../../events/projection-wait';
import type { EventMetadata } from '../../events/event-metadata';
import type { SignedInUser } from '../auth';
import type { CatalogQueries } from '../catalog';
import { CheckoutService } from '../checkout';
import { offersStart } from '../availability';
import type { BookingReads } from './booking.queries';
import { NotASessionError, SlotUnavailableError, TooManyHoldsError } from './booking.errors';
import type { SessionDetails } from './booking.events';
import { HOLD_MS, MAX_OPEN_HOLDS, sessionMinutes, userMetadata } from './booking-policy';
import { HoldSlot } from './commands/hold-slot.handler';
import { ReleaseHold } from './commands/release-hold.handler';

/**
 * A chosen time and the Stripe Checkout that pays for it: the time is held on the host's calendar
 * first, then the checkout opened; a checkout that does not open, or that the customer leaves,
 * gives the time back.
 */
export class SessionCheckout {
  constructor(
    private readonly commands: CommandBus,
    private readonly orm: MikroORM,
    private readonly reads: BookingReads,
    private readonly catalog: CatalogQueries,
    private readonly checkout: CheckoutService,
    private readonly publicUrl: string,
  ) {}

  async book(
    user: SignedInUser,
    input: { sessionTypeId: string; hostUserId: string; start: string; timeZone: string },
    correlationId: string,
    now = new Date(),
  ) {
    const resource = await this.catalog.findByIdOrSlug(input.sessionTypeId);
    if (!resource || resource.type !== 'session') throw new NotASessionError();
    const host = await this.reads.host(input.hostUserId);
    if (!host) throw new SlotUnavailableError();
    const minutes = sessionMinutes(resource);
    const start = new Date(input.start);
    const end = new Date(start.getTime() + minutes * 60_000);
    // Within the host's hours here; whether someone holds or booked it is the calendar's to decide.
    if (!offersStart(host.schedule, minutes, start, now)) throw new SlotUnavailableError();
    if ((await this.reads.openHoldsOf(user.userId, now)).length >= MAX_OPEN_HOLDS) {
      throw new TooManyHoldsError(MAX_OPEN_HOLDS);
    }
    const holdId = `bk_${randomUUID().replaceAll('-', '')}`;
    const expiresAt = new Date(now.getTime() + HOLD_MS);
    const details: SessionDetails = {
      sessionTypeId: resource.id,
      sessionTitle: resource.title,
      minutes,
      hostName: host.hostName,
      meetingUrl: host.schedule.meetingUrl ?? null,
      customerEmail: user.email,
      customerName: user.name || null,
      customerTimeZone: input.timeZone,
      checkoutRef: CheckoutService.heldCheckoutRef(holdId),
      amountCents: Math.max(0, resource.priceCents ?? 0),
      currency: 'usd',
    };
    const metadata = userMetadata(user, correlationId);
    const hold = await this.commands.execute(
      new HoldSlot(
        {
          hostUserId: host.hostUserId,
          holdId,
          customerUserId: user.userId,
          start: start.toISOString(),
          end: end.toISOString(),
          bufferMinutes: host.schedule.bufferMinutes,
          expiresAt: expiresAt.toISOString(),
          details,
          at: now.toISOString(),
        },
        metadata,
      ),
    );
    await awaitProjection(this.orm, 'SessionBookingsProjector', hold, 1_000);
    try {
      const back = (status: 'success' | 'cancelled') => new URL(`/sessions?status=${status}`, this.publicUrl).toString();
      const outcome = await this.checkout.openHeldCheckout(
        user,
        resource,
        { ref: holdId, expiresAt, stripeMetadata: { holdId, hostUserId: host.hostUserId }, back },
        correlationId,
      );
      if (outcome.outcome !== 'redirect') await this.release(host.hostUserId, holdId, 'checkout_not_opened', metadata);
      return outcome;
    } catch (error) {
      await this.release(host.hostUserId, holdId, 'checkout_not_opened', metadata);
      throw error;
    }
  }

  /**
   * The customer came back from a cancelled checkout: the time is given back, then the checkout ends
   * as cancelled (its Stripe checkout is closed by a job from there).
   */
  async releaseHolds(user: SignedInUser, correlationId: string, now = new Date()): Promise<number> {
    const metadata = userMetadata(user, correlationId);
    let released = 0;
    for (const hold of await this.reads.openHoldsOf(user.userId, now)) {
      // The hold first: the checkout's cancellation starts a job whose Stripe expiry releases the hold too, and
      // under load that could land first, leaving this release (and the count the customer is told) empty.
      const outcome = await this.release(hold.host_user_id, hold.booking_id, 'checkout_cancelled', metadata);
      if (outcome.status === 'appended') released += 1;
      await this.checkout.cancelHeldCheckout(user.userId, hold.booking_id, metadata);
      await awaitProjection(this.orm, 'SessionBookingsProjector', outcome, 1_000);
    }
    return released;
  }

  private release(hostUserId: string, holdId: string, reason: ReleaseHold['command']['reason'], metadata: EventMetadata) {
    return this.commands.execute(new ReleaseHold({ hostUserId, holdId, reason, at: new Date().toISOString() }, metadata));
  }
}
