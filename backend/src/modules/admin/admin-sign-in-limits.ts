import { createHash } from 'node:crypto';
import type { RateLimit } from '../../platform/common/rate-limit/redis-rate-limiter';

const WINDOW_SECONDS = 15 * 60;
/** Enough for an administrator's typos, far too few to guess a 16-character token. */
const PER_IP = 10;
const PER_PREFIX = 10;
const PREFIX_LENGTH = 4;

/**
 * What one admin sign-in costs: a try from the client's address, and one against the typed
 * token's first characters, so guesses spread over many addresses at one prefix are still slowed.
 * The prefix is hashed so Redis never holds any part of a typed token.
 */
export function adminSignInLimits(ip: string | undefined, token: string): RateLimit[] {
  const prefix = createHash('sha256')
    .update(`admin-token-prefix:${token.slice(0, PREFIX_LENGTH)}`)
    .digest('hex')
    .slice(0, 16);
  return [
    { key: `admin-session:ip:${ip ?? 'unknown'}`, limit: PER_IP, windowSeconds: WINDOW_SECONDS },
    { key: `admin-session:prefix:${prefix}`, limit: PER_PREFIX, windowSeconds: WINDOW_SECONDS },
  ];
}
