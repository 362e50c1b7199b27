import { deciderSpec } from '../../../../test/support/decider-spec';
import type { SessionDetails } from './booking.events';
import { BookingNotFoundError, SlotTakenError, TooLateToRescheduleError } from './booking.errors';
import { hostCalendarDecider, type CalendarCommand } from './booking.decider';

const spec = deciderSpec(hostCalendarDecider);
const host = 'host_1';
const at = '2026-11-23T10:00:00.000Z';
const details: SessionDetails = {
  sessionTypeId: 'setup-session-30',
  sessionTitle: '30-minute setup session',
  minutes: 30,
  hostName: 'Hannah',
  meetingUrl: null,
  customerEmail: 'alice@example.com',
  customerName: 'Alice',
  customerTimeZone: 'Europe/Berlin',
  checkoutRef: 'chk_1',
  amountCents: 4900,
  currency: 'usd',
};
const hold = (holdId: string, customerUserId: string, start: string, end: string, overrides: Partial<CalendarCommand> = {}): CalendarCommand =>
  ({
    type: 'HoldSlot',
    hostUserId: host,
    holdId,
    customerUserId,
    start,
    end,
    bufferMinutes: 15,
    expiresAt: '2026-11-23T11:00:00.000Z',
    details,
    at,
    ...overrides,
  }) as CalendarCommand;
const confirmCommand = (holdId: string, when = at): CalendarCommand => ({
  type: 'ConfirmBooking',
  hostUserId: host,
  holdId,
  paymentIntentId: 'pi_1',
  bufferMinutes: 15,
  at: when,
});
const types = (events: { type: string }[]) => events.map((e) => e.type);

describe('a host calendar', () => {
  it('holds a time for one customer; an overlapping time, or one inside the buffer, is refused with 409', () => {
    const held = spec.givenCommands(hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'));
    held.when(hold('h2', 'bob', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z')).thenThrows(SlotTakenError);
    held.when(hold('h2', 'bob', '2026-11-30T09:40:00.000Z', '2026-11-30T10:10:00.000Z')).thenThrows(SlotTakenError);
    held.when(hold('h2', 'bob', '2026-11-30T09:45:00.000Z', '2026-11-30T10:15:00.000Z')).then((events) => expect(events).toHaveLength(1));
    expect(new SlotTakenError().status).toBe(409);
  });

  it('a lapsed or released hold no longer blocks; repeats change nothing', () => {
    spec
      .givenCommands(hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z', { expiresAt: '2026-11-23T09:59:00.000Z' }))
      .when(hold('h2', 'bob', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'))
      .then((events) => expect(events).toHaveLength(1));
    spec
      .given([])
      .when(
        hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'),
        { type: 'ReleaseHold', hostUserId: host, holdId: 'h1', reason: 'checkout_expired', at },
        { type: 'ReleaseHold', hostUserId: host, holdId: 'h1', reason: 'checkout_expired', at },
        hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'),
      )
      .then((released) => expect(types(released)).toEqual(['SlotHeld', 'SlotHoldReleased']));
  });

  it('payment confirms the hold once; paid after it lapsed, it is honoured if free and refused (refund) if taken', () => {
    const confirm = confirmCommand;
    spec
      .given([])
      .when(hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), confirm('h1'), confirm('h1'))
      .then((events) => expect(types(events)).toEqual(['SlotHeld', 'BookingConfirmed']));

    const late = '2026-11-23T12:00:00.000Z';
    spec
      .given([])
      .when(hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), confirm('h1', late))
      .then((free) => expect(free.at(-1)!.type).toBe('BookingConfirmed'));
    spec
      .given([])
      .when(
        hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'),
        hold('h2', 'bob', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z', { at: '2026-11-23T11:30:00.000Z', expiresAt: '2026-11-23T12:30:00.000Z' }),
        confirm('h1', late),
      )
      .then((taken) => expect(taken.at(-1)!.type).toBe('BookingRefusedSlotTaken'));

    // Released (its checkout expired) and then paid after all: the same rule, never a lost payment.
    const release: CalendarCommand = { type: 'ReleaseHold', hostUserId: host, holdId: 'h1', reason: 'checkout_expired', at };
    spec
      .given([])
      .when(hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), release, confirm('h1'))
      .then((events) => expect(events.at(-1)!.type).toBe('BookingConfirmed'));
    spec
      .given([])
      .when(
        hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'),
        release,
        hold('h2', 'bob', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'),
        confirm('h1'),
      )
      .then((retaken) => expect(types(retaken)).toEqual(['SlotHeld', 'SlotHoldReleased', 'SlotHeld', 'BookingRefusedSlotTaken']));
  });

  it('reschedules to a free time only, and only for its customer', () => {
    const booked = spec.givenCommands(
      hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'),
      confirmCommand('h1'),
      hold('h2', 'bob', '2026-12-01T09:00:00.000Z', '2026-12-01T09:30:00.000Z'),
    );
    const move = (customerUserId: string, start: string, end: string): CalendarCommand => ({
      type: 'RescheduleBooking',
      hostUserId: host,
      bookingId: 'h1',
      customerUserId,
      start,
      end,
      bufferMinutes: 15,
      at,
    });
    booked.when(move('bob', '2026-12-02T09:00:00.000Z', '2026-12-02T09:30:00.000Z')).thenThrows(BookingNotFoundError);
    booked.when(move('alice', '2026-12-01T09:00:00.000Z', '2026-12-01T09:30:00.000Z')).thenThrows(SlotTakenError);
    // Moving within its own buffer is fine: a booking never clashes with itself.
    booked
      .when(move('alice', '2026-11-30T09:30:00.000Z', '2026-11-30T10:00:00.000Z'))
      .then((events) => expect(events[0]).toMatchObject({ type: 'BookingRescheduled', data: { from: { start: '2026-11-30T09:00:00.000Z' }, sequence: 1 } }));
    // Within 24 hours of the start, it can no longer be moved.
    const late: CalendarCommand = {
      type: 'RescheduleBooking',
      hostUserId: host,
      bookingId: 'h1',
      customerUserId: 'alice',
      start: '2026-12-02T09:00:00.000Z',
      end: '2026-12-02T09:30:00.000Z',
      bufferMinutes: 15,
      at: '2026-11-29T09:00:01.000Z',
    };
    booked.when(late).thenThrows(TooLateToRescheduleError);
  });

  it('refunds in full when cancelled 24 hours ahead or by the host, not later by the customer', () => {
    const bookedBy = [hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), confirmCommand('h1')];
    const booked = spec.givenCommands(...bookedBy);
    const cancel = (when: string, by: 'customer' | 'host' = 'customer'): CalendarCommand => ({
      type: 'CancelBooking',
      hostUserId: host,
      bookingId: 'h1',
      customerUserId: 'alice',
      by,
      at: when,
    });
    booked.when(cancel('2026-11-29T09:00:00.000Z')).then((events) => expect(events[0]!.data).toMatchObject({ refund: 'full' }));
    booked.when(cancel('2026-11-29T09:00:01.000Z')).then((events) => expect(events[0]!.data).toMatchObject({ refund: 'none' }));
    booked.when(cancel('2026-11-30T08:00:00.000Z', 'host')).then((events) => expect(events[0]!.data).toMatchObject({ refund: 'full' }));
    booked.when(cancel(at)).then((events) => expect(events[0]!.data).toMatchObject({ refundCents: 4900, paymentIntentId: 'pi_1', sequence: 1 }));
    const cancelled = spec.givenCommands(...bookedBy, cancel(at));
    cancelled.when(hold('h9', 'bob', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z')).then((events) => expect(events).toHaveLength(1));
    // Our own refund comes back from Stripe as a reversed payment: nothing more happens.
    cancelled.when({ type: 'CancelBooking', hostUserId: host, bookingId: 'h1', customerUserId: null, by: 'payment_reversed', at }).then([]);
    cancelled.when(cancel(at)).thenThrows(BookingNotFoundError);
  });

  it('a payment reversed in Stripe cancels the booking without a further refund', () => {
    spec
      .givenCommands(hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), confirmCommand('h1'))
      .when({ type: 'CancelBooking', hostUserId: host, bookingId: 'h1', customerUserId: null, by: 'payment_reversed', at })
      .then((events) => expect(events[0]!.data).toMatchObject({ refund: 'none', refundCents: 0, by: 'payment_reversed' }));
  });

  it('forgets what is more than 30 days over, so a year of history folds into a small state', () => {
    const year: CalendarCommand[] = [];
    const day = 86_400_000;
    const yearAgo = Date.parse('2025-11-23T09:00:00.000Z');
    for (let i = 0; i < 365; i += 1) {
      const start = new Date(yearAgo + i * day).toISOString();
      const end = new Date(yearAgo + i * day + 30 * 60_000).toISOString();
      const when = new Date(yearAgo + i * day - 3 * day).toISOString();
      year.push(hold(`y${i}`, 'alice', start, end, { at: when, expiresAt: new Date(Date.parse(when) + 1_800_000).toISOString() }));
      year.push({ type: 'ConfirmBooking', hostUserId: host, holdId: `y${i}`, paymentIntentId: null, bufferMinutes: 0, at: when });
    }
    spec
      .given([])
      .when(...year)
      .then((history, state) => {
        expect(history).toHaveLength(730);
        const statuses = [...state.bookings.values()].map((booking) => booking.status);
        expect(statuses.filter((status) => status === 'confirmed').length).toBeLessThanOrEqual(34);
        expect(statuses.filter((status) => status === 'refused' || status === 'cancelled').length).toBeLessThanOrEqual(31);
        expect(statuses.filter((status) => status === 'held' || status === 'released')).toEqual([]);
        expect(state.bookings.size).toBeLessThanOrEqual(34);
      });
    // The latest bookings still block their times.
    const last = new Date(yearAgo + 364 * day).toISOString();
    spec
      .givenCommands(...year)
      .when(hold('late', 'bob', last, new Date(Date.parse(last) + 1_800_000).toISOString(), { at: new Date(yearAgo + 360 * day).toISOString() }))
      .thenThrows(SlotTakenError);
  });
});
