import { formatSpan, groupSlotsByDay, zoneCaption } from './slot-times';

const slot = (start: string, hostUserId = 'host-a') => ({ start, end: new Date(Date.parse(start) + 30 * 60_000).toISOString(), hostUserId });

describe('open slots grouped by day', () => {
  it('groups by the calendar day in the visitor’s zone, not in UTC', () => {
    const slots = [slot('2026-12-01T14:30:00.000Z'), slot('2026-12-01T15:00:00.000Z')];
    expect(groupSlotsByDay(slots, 'UTC').map((d) => [d.key, d.slots.length])).toEqual([['2026-12-01', 2]]);
    // 23:30 and 00:00 in Tokyo (UTC+9): two days.
    expect(groupSlotsByDay(slots, 'Asia/Tokyo').map((d) => [d.key, d.label, d.slots.length])).toEqual([
      ['2026-12-01', 'Tuesday, December 1', 1],
      ['2026-12-02', 'Wednesday, December 2', 1],
    ]);
  });

  it('shows a time several hosts are free at once, earliest first, the first host’s', () => {
    const days = groupSlotsByDay(
      [slot('2026-12-01T10:00:00.000Z', 'host-b'), slot('2026-12-01T09:00:00.000Z'), slot('2026-12-01T10:00:00.000Z', 'host-c')],
      'UTC',
    );
    expect(days[0]!.slots.map((s) => [s.start.slice(11, 16), s.hostUserId])).toEqual([
      ['09:00', 'host-a'],
      ['10:00', 'host-b'],
    ]);
  });
});

describe('times in words', () => {
  it('says a session’s day and times in the zone', () => {
    expect(formatSpan('2026-12-01T14:30:00.000Z', '2026-12-01T15:00:00.000Z', 'America/New_York').replace(/\s/g, ' ')).toBe(
      'Tue, Dec 1, 2026, 9:30 AM – 10:00 AM',
    );
  });

  it('names the zone, with its offset when that says more', () => {
    expect(zoneCaption('UTC')).toBe('Times in UTC');
    expect(zoneCaption('Asia/Tokyo')).toBe('Times in Asia/Tokyo (GMT+9)');
  });
});
