import type { RateLimit } from '../../platform/common/rate-limit/redis-rate-limiter';

const WINDOW_SECONDS = 15 * 60;
/** Enough for an administrator's typos, far too few to guess a 16-character token. */
const PER_IP = 10;
/**
 * Every address together: far above what one address may try, so one address's wrong tokens never
 * lock the right token out for the others, yet a guesser spread over many addresses is held to
 * about 100,000 tries a day, nothing against a 16-character token.
 */
const ALL_ADDRESSES = 1000;

/** What one admin sign-in costs, in the order they are taken: a try from the client's address, then one of every address's. */
export function adminSignInLimits(ip: string | undefined): RateLimit[] {
  return [
    { key: `admin-session:ip:${ip ?? 'unknown'}`, limit: PER_IP, windowSeconds: WINDOW_SECONDS },
    { key: 'admin-session:all', limit: ALL_ADDRESSES, windowSeconds: WINDOW_SECONDS },
  ];
}
