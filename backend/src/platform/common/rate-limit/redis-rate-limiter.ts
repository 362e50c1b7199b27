import type { Redis } from 'ioredis';
import { rateLimitRefusals, type RateLimitRefusals } from './rate-limit-refusals';

export interface RateLimit {
  /** What is counted, e.g. `contact:ip:203.0.113.9`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number; key: string };

// INCR and the window's expiry in one step, so a counter can never be left without an expiry.
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

// Only an existing counter goes down, so a give-back can never make a counter without an expiry.
const GIVE_BACK = `if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('DECR', KEYS[1]) end
return 0`;

/** Fixed-window counters in Redis, shared by every api instance. */
export class RedisRateLimiter {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly refusals: RateLimitRefusals = rateLimitRefusals(),
  ) {}

  /** Counts one attempt against every limit; refused if any is over. */
  async hit(limits: RateLimit[]): Promise<RateLimitResult> {
    // Sent together: one round trip for every limit.
    const counted = await Promise.all(
      limits.map(
        async ({ key, windowSeconds }) => (await this.redis.eval(HIT, 1, `${this.prefix}:ratelimit:${key}`, String(windowSeconds * 1000))) as [number, number],
      ),
    );
    const over = limits.findIndex(({ limit }, i) => counted[i]![0] > limit);
    if (over === -1) return { allowed: true };
    this.refusals.record(limits[over]!.key);
    return { allowed: false, key: limits[over]!.key, retryAfterSeconds: Math.max(1, Math.ceil(counted[over]![1] / 1000)) };
  }

  /** Takes back one attempt counted by `hit` that turned out not to count; the window stays as it was. */
  async giveBack(key: string): Promise<void> {
    await this.redis.eval(GIVE_BACK, 1, `${this.prefix}:ratelimit:${key}`);
  }
}
