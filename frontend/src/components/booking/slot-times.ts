import { useEffect, useState } from 'react';
import type { OpenSlot } from '@contracts/booking/booking.contract';

/** The browser's own zone (what bookSession is told, and what every time is shown in). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The zone to show times in: UTC on the server and in the first render in the browser (so the
 * hydrated HTML matches what the server sent), the visitor's own zone from then on.
 */
export function useVisitorTimeZone(): { zone: string; known: boolean } {
  const [zone, setZone] = useState<string | null>(null);
  useEffect(() => setZone(browserTimeZone()), []);
  return { zone: zone ?? 'UTC', known: zone !== null };
}

type Style = 'key' | 'day' | 'dayShort' | 'dayYear' | 'time';

const OPTIONS: Record<Style, Intl.DateTimeFormatOptions> = {
  key: { year: 'numeric', month: '2-digit', day: '2-digit' },
  day: { weekday: 'long', month: 'long', day: 'numeric' },
  dayShort: { weekday: 'short', month: 'short', day: 'numeric' },
  dayYear: { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' },
  time: { hour: 'numeric', minute: '2-digit' },
};

// Making an Intl formatter costs far more than using one; a slot list formats hundreds of times.
const formatters = new Map<string, Intl.DateTimeFormat>();
function format(iso: string, zone: string, style: Style): string {
  const id = `${zone}|${style}`;
  let formatter = formatters.get(id);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(style === 'key' ? 'en-CA' : 'en-US', { ...OPTIONS[style], timeZone: zone });
    formatters.set(id, formatter);
  }
  return formatter.format(new Date(iso));
}

/** "Monday, June 3" */
export const formatDayLong = (iso: string, zone: string) => format(iso, zone, 'day');
/** "Mon, Jun 3" */
export const formatDayShort = (iso: string, zone: string) => format(iso, zone, 'dayShort');
/** "9:00 AM" */
export const formatTime = (iso: string, zone: string) => format(iso, zone, 'time');
/** "Mon, Jun 3, 2026, 9:00 AM – 9:30 AM" */
export const formatSpan = (start: string, end: string, zone: string) =>
  `${format(start, zone, 'dayYear')}, ${formatTime(start, zone)} – ${formatTime(end, zone)}`;

export interface SlotDay {
  /** The calendar date in the zone, YYYY-MM-DD. */
  key: string;
  label: string;
  short: string;
  slots: OpenSlot[];
}

/**
 * Open slots grouped by their calendar day in `zone`, earliest first. Where several hosts are free
 * at the same start, one button is enough: the first host listed takes it.
 */
export function groupSlotsByDay(slots: readonly OpenSlot[], zone: string): SlotDay[] {
  const days = new Map<string, SlotDay>();
  const seen = new Set<string>();
  for (const slot of [...slots].sort((a, b) => Date.parse(a.start) - Date.parse(b.start))) {
    if (seen.has(slot.start)) continue;
    seen.add(slot.start);
    const key = format(slot.start, zone, 'key');
    let day = days.get(key);
    if (!day) {
      day = { key, label: formatDayLong(slot.start, zone), short: formatDayShort(slot.start, zone), slots: [] };
      days.set(key, day);
    }
    day.slots.push(slot);
  }
  return [...days.values()];
}

/** "Times in Asia/Tokyo (GMT+9)": the zone's name, and its offset now for those who think in offsets. */
export function zoneCaption(zone: string): string {
  if (zone === 'UTC') return 'Times in UTC';
  const offset = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName')?.value;
  return offset && offset !== zone ? `Times in ${zone} (${offset})` : `Times in ${zone}`;
}
