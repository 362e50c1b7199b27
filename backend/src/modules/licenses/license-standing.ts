/** A license's standing: what the plugin's check, the dashboard and the credits read. */
export interface LicenseTerm {
  status: 'active' | 'past_due' | 'ended';
  /** Null: it does not end by a date (a lifetime license). */
  validUntil: string | null;
}

/**
 * How a license stands, from its subscription's term and support's extension, which are two
 * sources kept apart: the subscription's events move only the term, so none of them can shorten
 * an extension. Whichever ends later wins: an extension keeps the license active until its end
 * even if the subscription is cancelled or past due before then, and a renewal past the extension
 * carries the license on. A term that never ends has nothing to extend.
 */
export function licenseStanding(term: LicenseTerm, extendedUntil: string | null): LicenseTerm {
  if (extendedUntil === null) return term;
  const termEnds = term.validUntil === null ? (term.status === 'ended' ? -Infinity : Infinity) : Date.parse(term.validUntil);
  return termEnds >= Date.parse(extendedUntil) ? term : { status: 'active', validUntil: extendedUntil };
}

/** The later of two extensions (ISO instants), or the one there is. */
export function laterExtension(current: string | null, until: string): string {
  return current !== null && Date.parse(current) >= Date.parse(until) ? current : until;
}
