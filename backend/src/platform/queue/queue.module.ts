import { BullModule } from '@nestjs/bullmq';
import { Global, Module } from '@nestjs/common';
import { DiscoveryModule } from '@nestjs/core';
import { APP_CONFIG } from '../config/config.module';
import type { AppConfig } from '../config/config.schema';
import { WorkerDrain } from './worker-drain';

/**
 * How long to wait before reconnecting to Redis after the `attempt`-th try failed: at most 2 s.
 * BullMQ's own default grows to 20 s between tries (e^attempt), so after an outage of half a minute
 * the queues and workers would come back up to 20 s after Redis did, and the jobs put back on a
 * loss would wait for them.
 */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(attempt * 200, 2_000);
}

/** BullMQ's shared connection settings; each module registers its own queues on top. */
@Global()
@Module({
  imports: [
    DiscoveryModule,
    BullModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        connection: { url: config.REDIS_URL, maxRetriesPerRequest: null, retryStrategy: reconnectDelayMs },
        prefix: config.QUEUE_PREFIX,
        defaultJobOptions: {
          attempts: 5,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: { age: 7 * 24 * 3600, count: 10_000 },
          removeOnFail: { age: 30 * 24 * 3600 },
        },
      }),
    }),
  ],
  providers: [WorkerDrain],
  exports: [BullModule],
})
export class QueueModule {}
