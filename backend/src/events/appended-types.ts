/** A NOTIFY payload must stay under 8,000 bytes; a longer list of types wakes every projector instead. */
const MAX_TYPES_PAYLOAD = 7_000;

/** The NOTIFY payload for these types: comma-separated, or empty (every projector wakes) when they cannot be listed. */
export function typesPayload(types: ReadonlySet<string> | 'all'): string {
  if (types === 'all' || types.size === 0) return '';
  const listed = [...types];
  if (listed.some((type) => type.includes(','))) return '';
  const payload = listed.join(',');
  return payload.length > MAX_TYPES_PAYLOAD ? '' : payload;
}

/** The types a NOTIFY payload names; null when it names none (an older release's, or too many): anything may have been appended. */
export function typesInPayload(payload: string | undefined): ReadonlySet<string> | null {
  return payload ? new Set(payload.split(',')) : null;
}
