import { Redis } from 'ioredis';
import { UnavailableError } from '../app-error';
import { enforceRateLimits } from './rate-limited';
import { RedisRateLimiter } from './redis-rate-limiter';

describe('rate limits without Redis', () => {
  it('refuse with a 503 rather than let requests through unlimited', async () => {
    // A real client that is not connected and will not queue commands: every call fails at once.
    const redis = new Redis({ port: 1, lazyConnect: true, enableOfflineQueue: false });
    try {
      const attempt = enforceRateLimits(new RedisRateLimiter(redis, 'test'), [{ key: 'contact:ip:203.0.113.9', limit: 5, windowSeconds: 60 }], 'Too many.');
      await expect(attempt).rejects.toBeInstanceOf(UnavailableError);
      await expect(attempt).rejects.toMatchObject({ status: 503 });
    } finally {
      redis.disconnect();
    }
  });
});
