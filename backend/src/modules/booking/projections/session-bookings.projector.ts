import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type { BookingCancelled, BookingConfirmed, BookingRefusedSlotTaken, BookingRescheduled, SlotHeld, SlotHoldReleased } from '../booking.events';

/** Every hold and booking, one row each (a booking keeps its hold's id). */
export class SessionBookingsProjector implements Projector {
  readonly name = 'SessionBookingsProjector';
  readonly eventTypes = ['SlotHeld', 'SlotHoldReleased', 'BookingConfirmed', 'BookingRefusedSlotTaken', 'BookingRescheduled', 'BookingCancelled'];
  readonly tables = ['rm_session_bookings'];

  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    const sql = (query: string, params: unknown[]) => em.execute(query, params);
    switch (event.type) {
      case 'SlotHeld': {
        const d = event.data as EventData<typeof SlotHeld>;
        const x = d.details;
        await sql(
          `insert into rm_session_bookings (booking_id, host_user_id, customer_user_id, session_type_id, session_title, minutes, host_name, meeting_url, customer_email, customer_name,
             customer_time_zone, checkout_ref, amount_cents, currency, start_at, end_at, status, hold_expires_at, created_at, updated_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'held', ?, ?, ?) on conflict (booking_id) do nothing`,
          [d.holdId, d.hostUserId, d.customerUserId, x.sessionTypeId, x.sessionTitle, x.minutes, x.hostName, x.meetingUrl, x.customerEmail, x.customerName, x.customerTimeZone, x.checkoutRef, x.amountCents, x.currency, d.start, d.end, d.expiresAt, d.at, d.at],
        );
        break;
      }
      case 'SlotHoldReleased': {
        const d = event.data as EventData<typeof SlotHoldReleased>;
        await sql(`update rm_session_bookings set status = 'released', updated_at = ? where booking_id = ? and status = 'held'`, [d.at, d.holdId]);
        break;
      }
      case 'BookingConfirmed':
      case 'BookingRefusedSlotTaken': {
        const d = event.data as EventData<typeof BookingConfirmed> | EventData<typeof BookingRefusedSlotTaken>;
        const refused = event.type === 'BookingRefusedSlotTaken';
        await sql(
          `update rm_session_bookings set status = ?, payment_intent_id = ?, refund = ?, refund_cents = ?, updated_at = ? where booking_id = ?`,
          [refused ? 'refused' : 'confirmed', d.paymentIntentId, refused ? 'full' : null, refused ? d.details.amountCents : 0, d.at, d.bookingId],
        );
        break;
      }
      case 'BookingRescheduled': {
        const d = event.data as EventData<typeof BookingRescheduled>;
        await sql(`update rm_session_bookings set start_at = ?, end_at = ?, sequence = ?, updated_at = ? where booking_id = ?`, [d.start, d.end, d.sequence, d.at, d.bookingId]);
        break;
      }
      case 'BookingCancelled': {
        const d = event.data as EventData<typeof BookingCancelled>;
        await sql(`update rm_session_bookings set status = 'cancelled', refund = ?, refund_cents = ?, sequence = ?, updated_at = ? where booking_id = ?`, [d.refund, d.refundCents, d.sequence, d.at, d.bookingId]);
        break;
      }
    }
  }
}
