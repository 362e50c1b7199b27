const KEY = 'sculpt.free-claim';
/** A claim left before signing in is honoured when the visitor is back within this time. */
const CLAIM_LIFETIME_MS = 10 * 60_000;

/**
 * "Get it free" pressed while signed out: remembered in this tab (sessionStorage, which no other
 * site can write) so the item is added once the visitor is back from signing in, without a second click.
 */
export function rememberFreeClaim(resourceId: string): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ resourceId, at: Date.now() }));
  } catch {
    // Storage refused (private mode): the visitor presses the button once more after signing in.
  }
}

/** Whether a claim of this item is waiting; it is used up by asking. */
export function takeFreeClaim(resourceId: string): boolean {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return false;
    const claim = JSON.parse(raw) as { resourceId?: unknown; at?: unknown };
    if (claim.resourceId !== resourceId) return false;
    sessionStorage.removeItem(KEY);
    return typeof claim.at === 'number' && Date.now() - claim.at < CLAIM_LIFETIME_MS;
  } catch {
    return false;
  }
}
