import { enforceRateLimits } from '../../platform/common/rate-limit/rate-limited';
import type { RateLimit, RedisRateLimiter } from '../../platform/common/rate-limit/redis-rate-limiter';

/** Wrong one-time codes an address may get per hour, over all its sign-ins, sign-ups and resends. */
export const WRONG_CODES_PER_ADDRESS = 10;
const WINDOW_SECONDS = 3600;

const limitFor = (address: string): RateLimit => ({ key: `one-time-code:wrong:${address}`, limit: WRONG_CODES_PER_ADDRESS, windowSeconds: WINDOW_SECONDS });

/**
 * The guesses an address's codes can take, whatever attempt or resend they come through. A try is
 * taken before the code is compared, so guesses sent in parallel cannot all slip in under the
 * limit, and given back when it was not a wrong code (a right one, an expired attempt).
 */
export class WrongCodeBudget {
  constructor(private readonly limiter: RedisRateLimiter) {}

  /** Takes one try, or refuses with a 429 (Retry-After) once the hour's wrong codes are used up. */
  take(address: string): Promise<void> {
    return enforceRateLimits(this.limiter, [limitFor(address)], 'Too many wrong codes for this address.');
  }

  async giveBack(address: string): Promise<void> {
    // A lost give-back costs the address one try at worst; the answer should not fail for it.
    await this.limiter.giveBack(limitFor(address).key).catch(() => undefined);
  }
}

/** Whether a code check counted a wrong code (its verification's tries went up). */
export function countedWrongCode(before: { attempts: number } | null, after: { attempts: number } | null): boolean {
  return (after?.attempts ?? 0) > (before?.attempts ?? 0);
}
