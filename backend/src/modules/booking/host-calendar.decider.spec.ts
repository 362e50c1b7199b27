import { fold } from '../../events/decider';
import type { BookingEvent } from './booking.events';
import { BookingNotFoundError, hostCalendarDecider, SlotTakenError, type CalendarCommand } from './host-calendar.decider';

const host = 'host_1';
const at = '2026-11-23T10:00:00.000Z';
const hold = (holdId: string, customerUserId: string, start: string, end: string, overrides: Partial<CalendarCommand> = {}): CalendarCommand =>
  ({ type: 'hold', hostUserId: host, holdId, customerUserId, sessionTypeId: 'setup-session-30', start, end, bufferMinutes: 15, expiresAt: '2026-11-23T11:00:00.000Z', at, ...overrides }) as CalendarCommand;

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
    const confirm = (holdId: string, when = at): CalendarCommand => ({ type: 'confirm', hostUserId: host, holdId, bookingId: `b_${holdId}`, bufferMinutes: 15, at: when });
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
  });

  it('reschedules to a free time only, and only for its customer', () => {
    const booked = run([hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), { type: 'confirm', hostUserId: host, holdId: 'h1', bookingId: 'b1', bufferMinutes: 15, at }, hold('h2', 'bob', '2026-12-01T09:00:00.000Z', '2026-12-01T09:30:00.000Z')]);
    const move = (customerUserId: string, start: string, end: string): CalendarCommand => ({ type: 'reschedule', hostUserId: host, bookingId: 'b1', customerUserId, start, end, bufferMinutes: 15, at });
    expect(decide(booked, move('bob', '2026-12-02T09:00:00.000Z', '2026-12-02T09:30:00.000Z'))).toThrow(BookingNotFoundError);
    expect(decide(booked, move('alice', '2026-12-01T09:00:00.000Z', '2026-12-01T09:30:00.000Z'))).toThrow(SlotTakenError);
    // Moving within its own buffer is fine: a booking never clashes with itself.
    expect(decide(booked, move('alice', '2026-11-30T09:30:00.000Z', '2026-11-30T10:00:00.000Z'))()[0]).toMatchObject({ type: 'BookingRescheduled', data: { from: { start: '2026-11-30T09:00:00.000Z' } } });
  });

  it('refunds in full when cancelled 24 hours ahead or by the host, not later by the customer', () => {
    const booked = run([hold('h1', 'alice', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'), { type: 'confirm', hostUserId: host, holdId: 'h1', bookingId: 'b1', bufferMinutes: 15, at }]);
    const cancel = (when: string, by: 'customer' | 'host' = 'customer'): CalendarCommand => ({ type: 'cancel', hostUserId: host, bookingId: 'b1', customerUserId: 'alice', by, at: when });
    expect(decide(booked, cancel('2026-11-29T09:00:00.000Z'))()[0]!.data).toMatchObject({ refund: 'full' });
    expect(decide(booked, cancel('2026-11-29T09:00:01.000Z'))()[0]!.data).toMatchObject({ refund: 'none' });
    expect(decide(booked, cancel('2026-11-30T08:00:00.000Z', 'host'))()[0]!.data).toMatchObject({ refund: 'full' });
    const cancelled = [...booked, ...decide(booked, cancel(at))()];
    expect(decide(cancelled, hold('h9', 'bob', '2026-11-30T09:00:00.000Z', '2026-11-30T09:30:00.000Z'))()).toHaveLength(1);
  });
});
