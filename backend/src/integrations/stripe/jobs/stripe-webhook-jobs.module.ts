import { BullModule, InjectQueue } from '@nestjs/bullmq';
import { Module, type OnModuleInit } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { QueueRecovery } from '../../../platform/queue/queue-recovery';
import { STRIPE_WEBHOOK_SWEEP_EVERY_MS, STRIPE_WEBHOOK_SWEEP_JOB, STRIPE_WEBHOOK_SWEEP_QUEUE, StripeWebhookSweeper } from './stripe-webhook-sweeper';
import { StripeWebhooksModule } from '../webhooks/stripe-webhooks.module';
import { StripeWebhooksProcessor } from './stripe-webhooks.processor';

/** The worker's side: the processor, and the sweeper that re-queues what Redis lost, scheduled once across workers. */
@Module({
  imports: [StripeWebhooksModule, BullModule.registerQueue({ name: STRIPE_WEBHOOK_SWEEP_QUEUE })],
  providers: [StripeWebhooksProcessor, StripeWebhookSweeper],
})
export class StripeWebhookJobsModule implements OnModuleInit {
  constructor(
    @InjectQueue(STRIPE_WEBHOOK_SWEEP_QUEUE) private readonly sweeps: Queue,
    private readonly sweeper: StripeWebhookSweeper,
    private readonly recovery: QueueRecovery,
  ) {}

  onModuleInit(): void {
    this.recovery.schedule(this.sweeps, STRIPE_WEBHOOK_SWEEP_JOB, STRIPE_WEBHOOK_SWEEP_EVERY_MS);
    this.recovery.onLoss('Stripe events', () => this.sweeper.recoverLost());
  }
}
