// Formatters are costly to create (ICU set-up) and emails repeat a handful of zones: keep one per zone.
const formatters = new Map<string, { when: Intl.DateTimeFormat; zoneName: Intl.DateTimeFormat; day: Intl.DateTimeFormat }>();

function formattersFor(timeZone: string) {
  // Keyed by real zones only, so made-up names cannot grow the cache.
  const zone = formatters.has(timeZone) || isKnownZone(timeZone) ? timeZone : 'UTC';
  let entry = formatters.get(zone);
  if (!entry) {
    entry = {
      when: new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: zone }),
      zoneName: new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' }),
      // The site's one date format (contracts/dates, "Nov 23, 2026"), in the recipient's zone.
      day: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: zone }),
    };
    formatters.set(zone, entry);
  }
  return entry;
}

/**
 * A moment as the recipient reads it: in their time zone, and with the zone named, e.g.
 * "Tuesday, December 1, 2026 at 3:00 PM (Central European Standard Time)". An unknown zone
 * falls back to UTC rather than failing the email.
 */
export function formatWhen(at: Date | string, timeZone: string): string {
  const date = typeof at === 'string' ? new Date(at) : at;
  const f = formattersFor(timeZone);
  const name = f.zoneName.formatToParts(date).find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';
  return `${f.when.format(date)} (${name})`;
}

export function formatDay(at: Date | string, timeZone: string): string {
  return formattersFor(timeZone).day.format(typeof at === 'string' ? new Date(at) : at);
}

function isKnownZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
