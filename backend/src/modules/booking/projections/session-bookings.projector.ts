import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import { type BookingEvent, bookingEvents } from '../booking.events';
import { sessionBookingTables } from './session-bookings.entity';

/** Every hold and booking, one row each (a booking keeps its hold's id). */
export class SessionBookingsProjector implements Projector<Recorded<BookingEvent>> {
  readonly name = 'SessionBookingsProjector';
  readonly eventTypes = bookingEvents.map((definition) => definition.type);
  readonly tables = ['rm_session_bookings'];

  async apply(event: Recorded<BookingEvent>, em: EntityManager): Promise<void> {
    const db = sessionBookingTables(em);
    switch (event.type) {
      case 'SlotHeld': {
        const { details: x, ...d } = event.data;
        const at = new Date(d.at);
        await db
          .insertInto('rm_session_bookings')
          .values({
            booking_id: d.holdId,
            host_user_id: d.hostUserId,
            customer_user_id: d.customerUserId,
            session_type_id: x.sessionTypeId,
            session_title: x.sessionTitle,
            minutes: x.minutes,
            host_name: x.hostName,
            meeting_url: x.meetingUrl,
            customer_email: x.customerEmail,
            customer_name: x.customerName,
            customer_time_zone: x.customerTimeZone,
            checkout_ref: x.checkoutRef,
            amount_cents: x.amountCents,
            currency: x.currency,
            start_at: new Date(d.start),
            end_at: new Date(d.end),
            status: 'held',
            hold_expires_at: new Date(d.expiresAt),
            created_at: at,
            updated_at: at,
          })
          .onConflict((conflict) => conflict.column('booking_id').doNothing())
          .execute();
        break;
      }
      case 'SlotHoldReleased':
        await db
          .updateTable('rm_session_bookings')
          .set({ status: 'released', updated_at: new Date(event.data.at) })
          .where('booking_id', '=', event.data.holdId)
          .where('status', '=', 'held')
          .execute();
        break;
      case 'BookingConfirmed':
      case 'BookingRefusedSlotTaken': {
        const d = event.data;
        const refused = event.type === 'BookingRefusedSlotTaken';
        await db
          .updateTable('rm_session_bookings')
          .set({
            status: refused ? 'refused' : 'confirmed',
            payment_intent_id: d.paymentIntentId,
            refund: refused ? 'full' : null,
            refund_cents: refused ? d.details.amountCents : 0,
            updated_at: new Date(d.at),
          })
          .where('booking_id', '=', d.bookingId)
          .execute();
        break;
      }
      case 'BookingRescheduled': {
        const d = event.data;
        await db
          .updateTable('rm_session_bookings')
          .set({ start_at: new Date(d.start), end_at: new Date(d.end), sequence: d.sequence, updated_at: new Date(d.at) })
          .where('booking_id', '=', d.bookingId)
          .execute();
        break;
      }
      case 'BookingCancelled': {
        const d = event.data;
        await db
          .updateTable('rm_session_bookings')
          .set({ status: 'cancelled', refund: d.refund, refund_cents: d.refundCents, sequence: d.sequence, updated_at: new Date(d.at) })
          .where('booking_id', '=', d.bookingId)
          .execute();
        break;
      }
    }
  }
}
