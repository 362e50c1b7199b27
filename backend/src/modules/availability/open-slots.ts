import { DateTime } from 'luxon';

/** Wall-clock "HH:MM" in the host's zone; "24:00" is the end of the day. */
export interface LocalInterval {
  start: string;
  end: string;
}

export interface HostSchedule {
  /** IANA zone the hours are written in, e.g. "Europe/Berlin". */
  timeZone: string;
  /** ISO weekday ("1" = Monday … "7" = Sunday) → hours that day, in the host's zone. */
  weekly: Partial<Record<string, LocalInterval[]>>;
  /** A date (YYYY-MM-DD, host's zone) → that day's hours instead of the weekly ones; [] is a day off. */
  overrides: Record<string, LocalInterval[]>;
  bufferMinutes: number;
  minimumNoticeMinutes: number;
  horizonDays: number;
}

export interface Busy {
  start: Date;
  end: Date;
}

export interface Slot {
  start: string;
  end: string;
}

const STEP_MINUTES = 30;

/** "HH:MM" in the zone on that date; a time that a spring-forward skips moves on to the first real minute. */
function at(date: string, time: string, zone: string): DateTime {
  if (time === '24:00') return DateTime.fromISO(date, { zone }).plus({ days: 1 });
  return DateTime.fromISO(`${date}T${time}`, { zone });
}

interface Bounds {
  earliest: number;
  blocked: Array<{ start: number; end: number }>;
}

/** The slots of one date (YYYY-MM-DD in the host's zone) that start after `earliest` and avoid `blocked`. */
function slotsOn(schedule: HostSchedule, iso: string, weekday: number, lengthMinutes: number, { earliest, blocked }: Bounds, into: Slot[]): void {
  const zone = schedule.timeZone;
  const intervals = schedule.overrides[iso] ?? schedule.weekly[String(weekday)] ?? [];
  for (const interval of intervals) {
    const close = at(iso, interval.end, zone).toMillis();
    for (let start = at(iso, interval.start, zone); start.toMillis() + lengthMinutes * 60_000 <= close; start = start.plus({ minutes: STEP_MINUTES })) {
      const from = start.toMillis();
      const to = from + lengthMinutes * 60_000;
      if (from < earliest) continue;
      if (blocked.some((b) => from < b.end && to > b.start)) continue;
      into.push({ start: new Date(from).toISOString(), end: new Date(to).toISOString() });
    }
  }
}

function bounds(schedule: HostSchedule, busy: Busy[], now: Date): Bounds {
  const buffer = schedule.bufferMinutes * 60_000;
  return {
    earliest: now.getTime() + schedule.minimumNoticeMinutes * 60_000,
    blocked: busy.map((b) => ({ start: b.start.getTime() - buffer, end: b.end.getTime() + buffer })),
  };
}

/**
 * The open slots of `lengthMinutes` a host offers from `now` until the horizon, in UTC. Hours are
 * read as wall-clock time in the host's zone on each date, so a daylight-saving change moves the
 * UTC instants and never the 09:00 a host wrote. A slot must start after the minimum notice and
 * keep `bufferMinutes` clear of every held or booked session.
 */
export function openSlots(schedule: HostSchedule, busy: Busy[], lengthMinutes: number, now: Date): Slot[] {
  const within = bounds(schedule, busy, now);
  const today = DateTime.fromJSDate(now, { zone: schedule.timeZone }).startOf('day');
  const slots: Slot[] = [];
  for (let day = 0; day <= schedule.horizonDays; day += 1) {
    const date = today.plus({ days: day });
    slotsOn(schedule, date.toISODate()!, date.weekday, lengthMinutes, within, slots);
  }
  return slots;
}

/** Whether the host's hours and rules offer a slot starting at `start` (only that date is computed). */
export function offersStart(schedule: HostSchedule, lengthMinutes: number, start: Date, now: Date): boolean {
  const zone = schedule.timeZone;
  const date = DateTime.fromJSDate(start, { zone }).startOf('day');
  const day = Math.round(date.diff(DateTime.fromJSDate(now, { zone }).startOf('day'), 'days').days);
  if (day < 0 || day > schedule.horizonDays) return false;
  const slots: Slot[] = [];
  slotsOn(schedule, date.toISODate()!, date.weekday, lengthMinutes, bounds(schedule, [], now), slots);
  const iso = start.toISOString();
  return slots.some((slot) => slot.start === iso);
}
