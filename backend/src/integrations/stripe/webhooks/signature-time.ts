/** How far a signature's time may be from ours, either way; Stripe's SDK default. */
export const SIGNATURE_TOLERANCE_S = 300;

/**
 * Whether a Stripe-Signature header is dated more than the tolerance ahead of now. The SDK refuses
 * only signatures too old; one dated ahead (a clock far off, or a forgery made to stay replayable)
 * is refused the same way.
 */
export function signedInFuture(header: string, nowS: number): boolean {
  const at = /(?:^|,)\s*t=(\d+)/.exec(header)?.[1];
  return at !== undefined && Number(at) > nowS + SIGNATURE_TOLERANCE_S;
}
