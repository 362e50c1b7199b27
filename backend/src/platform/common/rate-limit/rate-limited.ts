import { RateLimitedError, UnavailableError } from '../app-error';
import type { RateLimit, RedisRateLimiter } from './redis-rate-limiter';

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

/** Counts the attempt and throws a 429 (with Retry-After) when any limit is over. */
export async function enforceRateLimits(limiter: RedisRateLimiter, limits: RateLimit[], what: string): Promise<void> {
  // Without Redis the limits cannot be checked; refuse for now rather than go unlimited.
  const result = await limiter.hit(limits).catch(() => {
    throw new UnavailableError('We cannot take this right now; please try again in a minute.');
  });
  if (result.allowed) return;
  const wait = minutes(result.retryAfterSeconds);
  throw new RateLimitedError(`${what} Try again in ${wait} ${wait === 1 ? 'minute' : 'minutes'}.`, result.retryAfterSeconds);
}

/**
 * The same, one limit at a time, narrowest first: an attempt refused by one is not counted by the
 * wider ones after it, so a client hammering past its own limit does not use up a limit it shares.
 */
export async function enforceRateLimitsInTurn(limiter: RedisRateLimiter, limits: RateLimit[], what: string): Promise<void> {
  for (const limit of limits) await enforceRateLimits(limiter, [limit], what);
}
