import { formatDay } from './dates';

const MONTH_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A billing period as one range ("Nov 28 – Dec 28, 2026"; the first year too when the two differ), in UTC as every date here. */
export function formatPeriod(period: { start: string; end: string }): string {
  const [start, end] = [new Date(period.start), new Date(period.end)];
  const from = start.getUTCFullYear() === end.getUTCFullYear() ? MONTH_DAY.format(start) : formatDay(period.start);
  return `${from} – ${formatDay(period.end)}`;
}
