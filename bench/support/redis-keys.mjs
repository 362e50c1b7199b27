// What a bench's site left in the shared Redis under its own QUEUE_PREFIX (queues, rate-limit
// counters): deleted by prefix, never anything else.
import { Redis } from 'ioredis';

export async function dropRedisKeys(queuePrefix, redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0') {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    let cursor = '0';
    do {
      const [nextCursor, found] = await redis.scan(cursor, 'MATCH', `${queuePrefix}:*`, 'COUNT', 1000);
      if (found.length) await redis.del(...found);
      cursor = nextCursor;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
