import { offersStart, openSlots, type HostSchedule } from './open-slots';

const berlin: HostSchedule = {
  timeZone: 'Europe/Berlin',
  weekly: {
    1: [{ start: '09:00', end: '11:00' }],
    2: [{ start: '09:00', end: '11:00' }],
    3: [{ start: '09:00', end: '11:00' }],
    4: [{ start: '09:00', end: '11:00' }],
    5: [{ start: '09:00', end: '11:00' }],
  },
  overrides: {},
  bufferMinutes: 0,
  minimumNoticeMinutes: 0,
  horizonDays: 0,
};
const starts = (slots: { start: string }[]) => slots.map((s) => s.start);

describe('open slots', () => {
  it('reads weekly hours as wall-clock time in the host’s zone', () => {
    // Monday 2026-11-23; Berlin is UTC+1 in winter.
    expect(starts(openSlots(berlin, [], 60, new Date('2026-11-23T00:00:00Z')))).toEqual([
      '2026-11-23T08:00:00.000Z',
      '2026-11-23T08:30:00.000Z',
      '2026-11-23T09:00:00.000Z',
    ]);
  });

  it('keeps 09:00 at 09:00 across the daylight-saving change: the UTC instant moves instead', () => {
    const week = { ...berlin, horizonDays: 8 };
    // Summer time ends on Sunday 2026-10-25 in Berlin (UTC+2 → UTC+1).
    const slots = starts(openSlots(week, [], 120, new Date('2026-10-22T00:00:00Z')));
    expect(slots).toContain('2026-10-23T07:00:00.000Z'); // Friday 09:00 CEST
    expect(slots).toContain('2026-10-26T08:00:00.000Z'); // Monday 09:00 CET
    expect(slots.every((s) => ['07:00', '08:00'].includes(s.slice(11, 16)))).toBe(true);
  });

  it('a spring-forward gap does not invent a slot in the missing hour', () => {
    // 2026-03-29 in Berlin: 02:00 → 03:00. Hours 01:00–04:00 are really two hours long.
    const night: HostSchedule = { ...berlin, weekly: {}, overrides: { '2026-03-29': [{ start: '01:00', end: '04:00' }] } };
    const slots = openSlots(night, [], 60, new Date('2026-03-29T00:00:00Z'));
    expect(starts(slots)).toEqual(['2026-03-29T00:00:00.000Z', '2026-03-29T00:30:00.000Z', '2026-03-29T01:00:00.000Z']);
    expect(slots.every((s) => Date.parse(s.end) <= Date.parse('2026-03-29T02:00:00Z'))).toBe(true);
  });

  it('an override replaces the day: other hours, or a day off', () => {
    const schedule = { ...berlin, horizonDays: 1, overrides: { '2026-11-23': [], '2026-11-24': [{ start: '14:00', end: '15:00' }] } };
    expect(starts(openSlots(schedule, [], 60, new Date('2026-11-23T00:00:00Z')))).toEqual(['2026-11-24T13:00:00.000Z']);
  });

  it('keeps the buffer clear around held and booked sessions', () => {
    const schedule = { ...berlin, bufferMinutes: 15 };
    const busy = [{ start: new Date('2026-11-23T08:30:00Z'), end: new Date('2026-11-23T09:00:00Z') }];
    expect(starts(openSlots(schedule, busy, 30, new Date('2026-11-23T00:00:00Z')))).toEqual(['2026-11-23T09:30:00.000Z']);
  });

  it('offers nothing sooner than the minimum notice, nor past the horizon', () => {
    const schedule = { ...berlin, minimumNoticeMinutes: 90, horizonDays: 1 };
    const slots = starts(openSlots(schedule, [], 60, new Date('2026-11-23T07:00:00Z')));
    expect(slots).toEqual([
      '2026-11-23T08:30:00.000Z',
      '2026-11-23T09:00:00.000Z',
      '2026-11-24T08:00:00.000Z',
      '2026-11-24T08:30:00.000Z',
      '2026-11-24T09:00:00.000Z',
    ]);
  });
});

describe('offersStart', () => {
  const week = { ...berlin, horizonDays: 14, minimumNoticeMinutes: 60 };
  const now = new Date('2026-10-22T06:30:00Z');

  it('agrees with openSlots for every start it offers, and refuses what it does not', () => {
    const slots = starts(openSlots(week, [], 60, now));
    expect(slots.length).toBeGreaterThan(10);
    for (const start of slots) expect(offersStart(week, 60, new Date(start), now)).toBe(true);
    // Off the half-hour grid, outside the hours, inside the notice, past the horizon, on a weekend.
    for (const start of ['2026-10-23T07:10:00Z', '2026-10-23T09:30:00Z', '2026-10-22T07:00:00Z', '2026-11-09T08:00:00Z', '2026-10-24T07:00:00Z']) {
      expect(offersStart(week, 60, new Date(start), now)).toBe(false);
    }
    // After the daylight-saving change, 09:00 Berlin is 08:00 UTC.
    expect(offersStart(week, 60, new Date('2026-10-26T08:00:00Z'), now)).toBe(true);
    expect(offersStart(week, 60, new Date('2026-10-26T07:00:00Z'), now)).toBe(false);
  });
});
