import { randomUUID } from 'node:crypto';
import {
  BookingCancelled,
  BookingConfirmed,
  bookingEvents,
  BookingRefusedSlotTaken,
  BookingRescheduled,
  type SessionDetails,
  SlotHeld,
  SlotHoldReleased,
} from '../../../backend/src/modules/booking/booking.events';
import { SessionBookingsProjector } from '../../../backend/src/modules/booking/projections/session-bookings.projector';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new SessionBookingsProjector(), bookingEvents);

describe('SessionBookingsProjector', () => {
  describe('a hold', () => {
    it('is recorded once, held until it lapses, with the session as it was booked', async () => {
      const id = freshId();
      await projection.given(held(id), held(id, { minutes: 90 }));
      expect(await booking(id)).toEqual({
        host_user_id: 'host-1',
        customer_user_id: 'cust-1',
        session_type_id: 'coaching-60',
        session_title: 'Coaching',
        minutes: 60,
        host_name: 'Hana',
        meeting_url: 'https://meet.example/hana',
        customer_email: 'cust@example.com',
        customer_name: 'Cy',
        customer_time_zone: 'Europe/Berlin',
        checkout_ref: `ref-${id}`,
        amount_cents: 9000,
        currency: 'eur',
        payment_intent_id: null,
        start_at: at(30),
        end_at: at(90),
        status: 'held',
        hold_expires_at: at(15),
        refund: null,
        refund_cents: 0,
        sequence: 0,
        created_at: at(1),
        updated_at: at(1),
      });
    });

    it('is released only while still held', async () => {
      const [released, confirmed] = [freshId(), freshId()];
      await projection.given(
        held(released),
        SlotHoldReleased({ hostUserId: 'host-1', holdId: released, customerUserId: 'cust-1', reason: 'checkout_expired', at: at(16) }),
      );
      await projection.given(
        held(confirmed),
        paid(confirmed),
        SlotHoldReleased({ hostUserId: 'host-1', holdId: confirmed, customerUserId: 'cust-1', reason: 'payment_failed', at: at(17) }),
      );
      expect(await booking(released)).toMatchObject({ status: 'released', updated_at: at(16) });
      expect(await booking(confirmed)).toMatchObject({ status: 'confirmed', updated_at: at(5) });
    });
  });

  describe('a paid hold', () => {
    it('becomes a booking with its payment', async () => {
      const id = freshId();
      await projection.given(held(id), paid(id));
      expect(await booking(id)).toMatchObject({ status: 'confirmed', payment_intent_id: 'pi_1', refund: null, refund_cents: 0, updated_at: at(5) });
    });

    it('is refused with a full refund when its time went to someone else', async () => {
      const id = freshId();
      await projection.given(
        held(id),
        BookingRefusedSlotTaken({
          hostUserId: 'host-1',
          bookingId: id,
          customerUserId: 'cust-1',
          start: at(30),
          end: at(90),
          details: details(id),
          paymentIntentId: 'pi_2',
          at: at(20),
        }),
      );
      expect(await booking(id)).toMatchObject({ status: 'refused', payment_intent_id: 'pi_2', refund: 'full', refund_cents: 9000, updated_at: at(20) });
    });
  });

  describe('a booking', () => {
    it('moves when rescheduled, then is cancelled with what is refunded', async () => {
      const id = freshId();
      await projection.given(
        held(id),
        paid(id),
        BookingRescheduled({
          hostUserId: 'host-1',
          bookingId: id,
          customerUserId: 'cust-1',
          from: { start: at(30), end: at(90) },
          start: at(40),
          end: at(100),
          details: details(id),
          sequence: 1,
          at: at(6),
        }),
      );
      expect(await booking(id)).toMatchObject({ start_at: at(40), end_at: at(100), sequence: 1, updated_at: at(6) });
      await projection.given(
        BookingCancelled({
          hostUserId: 'host-1',
          bookingId: id,
          customerUserId: 'cust-1',
          start: at(40),
          end: at(100),
          details: details(id),
          paymentIntentId: 'pi_1',
          by: 'customer',
          refund: 'full',
          refundCents: 9000,
          sequence: 2,
          at: at(7),
        }),
      );
      expect(await booking(id)).toMatchObject({ status: 'cancelled', refund: 'full', refund_cents: 9000, sequence: 2, updated_at: at(7) });
    });
  });

  it('is rebuilt from the log by a replay, row for row', async () => {
    const [a, b] = [freshId(), freshId()];
    await projection.given(held(a), paid(a), held(b));
    const before = [await booking(a), await booking(b)];
    await projection.replay();
    expect([await booking(a), await booking(b)]).toEqual(before);
  });
});

const at = (minute: number) => new Date(Date.UTC(2026, 10, 24, 10, minute)).toISOString();
const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : value);
const freshId = () => `hold-${randomUUID()}`;

const details = (id: string, overrides: Partial<SessionDetails> = {}): SessionDetails => ({
  sessionTypeId: 'coaching-60',
  sessionTitle: 'Coaching',
  minutes: 60,
  hostName: 'Hana',
  meetingUrl: 'https://meet.example/hana',
  customerEmail: 'cust@example.com',
  customerName: 'Cy',
  customerTimeZone: 'Europe/Berlin',
  checkoutRef: `ref-${id}`,
  amountCents: 9000,
  currency: 'eur',
  ...overrides,
});
const held = (holdId: string, overrides: Partial<SessionDetails> = {}) =>
  SlotHeld({
    hostUserId: 'host-1',
    holdId,
    customerUserId: 'cust-1',
    start: at(30),
    end: at(90),
    expiresAt: at(15),
    details: details(holdId, overrides),
    at: at(1),
  });
const paid = (bookingId: string) =>
  BookingConfirmed({
    hostUserId: 'host-1',
    bookingId,
    customerUserId: 'cust-1',
    start: at(30),
    end: at(90),
    details: details(bookingId),
    paymentIntentId: 'pi_1',
    at: at(5),
  });

async function booking(bookingId: string) {
  const [row] = await projection.rows('select * from rm_session_bookings where booking_id = $1', [bookingId]);
  return (
    row &&
    Object.fromEntries(
      Object.entries(row)
        .filter(([key]) => key !== 'booking_id')
        .map(([key, value]) => [key, iso(value)]),
    )
  );
}
