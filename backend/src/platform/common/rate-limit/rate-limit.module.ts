import { Global, Module } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { APP_CONFIG } from '../../config/config.module';
import type { AppConfig } from '../../config/config.schema';
import { REDIS } from '../../redis/redis.module';
import { RedisRateLimiter } from './redis-rate-limiter';

@Global()
@Module({
  providers: [
    {
      provide: RedisRateLimiter,
      inject: [REDIS, APP_CONFIG],
      useFactory: (redis: Redis, config: AppConfig) => new RedisRateLimiter(redis, config.QUEUE_PREFIX),
    },
  ],
  exports: [RedisRateLimiter],
})
export class RateLimitModule {}
