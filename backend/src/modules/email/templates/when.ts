/**
 * A moment as the recipient reads it: in their time zone, and with the zone named, e.g.
 * "Tuesday, December 1, 2026 at 3:00 PM (Central European Standard Time)".
 */
export function formatWhen(at: Date | string, timeZone: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const zone = safeZone(timeZone);
  const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: zone }).format(date);
  const name = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' }).formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? zone;
  return `${when} (${name})`;
}

export function formatDay(at: Date | string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: safeZone(timeZone) }).format(typeof at === 'string' ? new Date(at) : at);
}

/** An unknown zone name falls back to UTC rather than failing the email. */
function safeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}
