import { fold } from '../../events/decider';
import type { BookingEvent } from './booking.events';
import type { SessionDetails } from './booking.events';
import { BookingNotFoundError, hostCalendarDecider, SlotTakenError, TooLateToRescheduleError, type CalendarCommand } from './booking.decider';

const host = 'host_1';
const at = '2026-11-23T10:00:00.000Z';
const details: SessionDetails = { sessionTypeId: 'setup-session-30', sessionTitle: '30-minute setup session', minutes: 30, hostName: 'Hannah', meetingUrl: null, customerEmail: 'alice@example.com', customerName: 'Alice', customerTimeZone: 'Europe/Berlin', checkoutRef: 'chk_1', amountCents: 4900, currency: 'usd' };
const hold = (holdId: string, customerUserId: string, start: string, end: string, overrides: Partial<CalendarCommand> = {}): CalendarCommand =>
  ({ type: 'hold', hostUserId: host, holdId, customerUserId, start, end, bufferMinutes: 15, expiresAt: '2026-11-23T11:00:00.000Z', details, at, ...overrides }) as CalendarCommand;
const confirmCommand = (holdId: string, when = at): CalendarCommand => ({ type: 'confirm', hostUserId: host, holdId, paymentIntentId: 'pi_1', bufferMinutes: 15, at: when });

function run(commands: CalendarCommand[]): BookingEvent[] {
  const events: BookingEvent[] = [];
  for (const command of commands) events.push(...hostCalendarDecider.decide(command, fold(hostCalendarDecider, events)));
  return events;
}
const decide = (history: BookingEvent[], command: CalendarCommand) => () => hostCalendarDecider.decide(command, fold(hostCalendarDecider, history));

describe('a host calendar', () => {
  it('holds a time for one customer; an overlapping time, or one inside the buffer, is refused with 409', () => {
    const history = run([hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z')]);
    expect(decide(history, hold('h2', 'bob', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'))).toThrow(SlotTakenError);
    expect(decide(history, hold('h2', 'bob', '2026-11-30T09:40:00.000Z', '2026-11-30T10:10:00.000Z'))).toThrow(SlotTakenError);
    expect(decide(history, hold('h2', 'bob', '2026-11-30T09:45:00.000Z', '2026-11-30T10:15:00.000Z'))()).toHaveLength(1);
    expect(new SlotTakenError().status).toBe(409);
  });

  it('a lapsed or released hold no longer blocks; repeats change nothing', () => {
    const lapsed = run([hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z', { expiresAt: '2026-11-23T09:59:00.000Z' })]);
    expect(decide(lapsed, hold('h2', 'bob', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'))()).toHaveLength(1);
    const released = run([
      hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'),
      { type: 'release', hostUserId: host, holdId: 'h1', reason: 'checkout_expired', at },
      { type: 'release', hostUserId: host, holdId: 'h1', reason: 'checkout_expired', at },
      hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'),
    ]);
    expect(released.map((e) => e.type)).toEqual(['SlotHeld', 'SlotHoldReleased']);
  });

  it('payment confirms the hold once; paid after it lapsed, it is honoured if free and refused (refund) if taken', () => {
    const confirm = confirmCommand;
    expect(run([hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), confirm('h1'), confirm('h1')]).map((e) => e.type)).toEqual(['SlotHeld', 'BookingConfirmed']);

    const late = '2026-11-23T12:00:00.000Z';
    const free = run([hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), confirm('h1', late)]);
    expect(free.at(-1)!.type).toBe('BookingConfirmed');
    const taken = run([
      hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'),
      hold('h2', 'bob', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z', { at: '2026-11-23T11:30:00.000Z', expiresAt: '2026-11-23T12:30:00.000Z' }),
      confirm('h1', late),
    ]);
    expect(taken.at(-1)!.type).toBe('BookingRefusedSlotTaken');

    // Released (its checkout expired) and then paid after all: the same rule, never a lost payment.
    const release: CalendarCommand = { type: 'release', hostUserId: host, holdId: 'h1', reason: 'checkout_expired', at };
    expect(run([hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), release, confirm('h1')]).at(-1)!.type).toBe('BookingConfirmed');
    const retaken = run([hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), release, hold('h2', 'bob', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), confirm('h1')]);
    expect(retaken.map((e) => e.type)).toEqual(['SlotHeld', 'SlotHoldReleased', 'SlotHeld', 'BookingRefusedSlotTaken']);
  });

  it('reschedules to a free time only, and only for its customer', () => {
    const booked = run([hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), confirmCommand('h1'), hold('h2', 'bob', '2026-12-01T09:00:00.000Z', '2026-12-01T09:30:00.000Z')]);
    const move = (customerUserId: string, start: string, end: string): CalendarCommand => ({ type: 'reschedule', hostUserId: host, bookingId: 'h1', customerUserId, start, end, bufferMinutes: 15, at });
    expect(decide(booked, move('bob', '2026-12-02T09:00:00.000Z', '2026-12-02T09:30:00.000Z'))).toThrow(BookingNotFoundError);
    expect(decide(booked, move('alice', '2026-12-01T09:00:00.000Z', '2026-12-01T09:30:00.000Z'))).toThrow(SlotTakenError);
    // Moving within its own buffer is fine: a booking never clashes with itself.
    expect(decide(booked, move('alice', '2026-11-30T09:30:00.000Z', '2026-11-30T10:00:00.000Z'))()[0]).toMatchObject({ type: 'BookingRescheduled', data: { from: { start: '2026-11-30T09:00:00.000Z' }, sequence: 1 } });
    // Within 24 hours of the start, it can no longer be moved.
    const late: CalendarCommand = { type: 'reschedule', hostUserId: host, bookingId: 'h1', customerUserId: 'alice', start: '2026-12-02T09:00:00.000Z', end: '2026-12-02T09:30:00.000Z', bufferMinutes: 15, at: '2026-11-29T09:00:01.000Z' };
    expect(decide(booked, late)).toThrow(TooLateToRescheduleError);
  });

  it('refunds in full when cancelled 24 hours ahead or by the host, not later by the customer', () => {
    const booked = run([hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), confirmCommand('h1')]);
    const cancel = (when: string, by: 'customer' | 'host' = 'customer'): CalendarCommand => ({ type: 'cancel', hostUserId: host, bookingId: 'h1', customerUserId: 'alice', by, at: when });
    expect(decide(booked, cancel('2026-11-29T09:00:00.000Z'))()[0]!.data).toMatchObject({ refund: 'full' });
    expect(decide(booked, cancel('2026-11-29T09:00:01.000Z'))()[0]!.data).toMatchObject({ refund: 'none' });
    expect(decide(booked, cancel('2026-11-30T08:00:00.000Z', 'host'))()[0]!.data).toMatchObject({ refund: 'full' });
    expect(decide(booked, cancel(at))()[0]!.data).toMatchObject({ refundCents: 4900, paymentIntentId: 'pi_1', sequence: 1 });
    const cancelled = [...booked, ...decide(booked, cancel(at))()];
    expect(decide(cancelled, hold('h9', 'bob', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'))()).toHaveLength(1);
    // Our own refund comes back from Stripe as a reversed payment: nothing more happens.
    expect(decide(cancelled, { type: 'cancel', hostUserId: host, bookingId: 'h1', customerUserId: null, by: 'payment_reversed', at })()).toEqual([]);
    expect(decide(cancelled, cancel(at))).toThrow(BookingNotFoundError);
  });

  it('a payment reversed in Stripe cancels the booking without a further refund', () => {
    const booked = run([hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), confirmCommand('h1')]);
    expect(decide(booked, { type: 'cancel', hostUserId: host, bookingId: 'h1', customerUserId: null, by: 'payment_reversed', at })()[0]!.data).toMatchObject({ refund: 'none', refundCents: 0, by: 'payment_reversed' });
  });

  it('forgets what is more than 30 days over, so a year of history folds into a small state', () => {
    const history: BookingEvent[] = [];
    const day = 86_400_000;
    const yearAgo = Date.parse('2025-11-23T09:00:00.000Z');
    for (let i = 0; i < 365; i += 1) {
      const start = new Date(yearAgo + i * day).toISOString();
      const end = new Date(yearAgo + i * day + 30 * 60_000).toISOString();
      const when = new Date(yearAgo + i * day - 3 * day).toISOString();
      const state = fold(hostCalendarDecider, history);
      history.push(...hostCalendarDecider.decide(hold(`y${i}`, 'alice', start, end, { at: when, expiresAt: new Date(Date.parse(when) + 1_800_000).toISOString() }), state));
      history.push(...hostCalendarDecider.decide({ type: 'confirm', hostUserId: host, holdId: `y${i}`, paymentIntentId: null, bufferMinutes: 0, at: when }, fold(hostCalendarDecider, history)));
    }
    const state = fold(hostCalendarDecider, history);
    expect(history).toHaveLength(730);
    expect(state.bookings.size).toBeLessThanOrEqual(34);
    expect(state.settled.size).toBeLessThanOrEqual(31);
    expect(state.holds.size).toBe(0);
    // The latest bookings still block their times.
    const last = new Date(yearAgo + 364 * day).toISOString();
    expect(decide(history, hold('late', 'bob', last, new Date(Date.parse(last) + 1_800_000).toISOString(), { at: new Date(yearAgo + 360 * day).toISOString() }))).toThrow(SlotTakenError);
  });
});
