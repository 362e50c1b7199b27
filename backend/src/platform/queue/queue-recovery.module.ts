import { Global, Module } from '@nestjs/common';
import { QueueRecovery } from './queue-recovery';
import { RedisLossWatch } from './redis-loss-watch';

/** The worker's side of the queues: job schedulers, and putting back what Redis loses. */
@Global()
@Module({
  providers: [QueueRecovery, RedisLossWatch],
  exports: [QueueRecovery],
})
export class QueueRecoveryModule {}
