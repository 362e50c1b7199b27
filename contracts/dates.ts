const DAY = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });

/** A calendar date ("Nov 23, 2026"), the same on the server and in the browser (UTC): the one date format of the site and of what the server says to show on it. */
export function formatDay(iso: string): string {
  return DAY.format(new Date(iso));
}

/** A date and minute in UTC ("Nov 23, 2026 14:05 UTC"), for logs and history lists. */
export function formatDayTime(iso: string): string {
  return `${formatDay(iso)} ${iso.slice(11, 16)} UTC`;
}
