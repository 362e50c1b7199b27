import { Module } from '@nestjs/common';
import { StripeWebhookSweeper } from './stripe-webhook-sweeper';
import { StripeWebhooksModule } from '../webhooks/stripe-webhooks.module';
import { StripeWebhooksProcessor } from './stripe-webhooks.processor';

/** The worker's side: the processor and the sweeper that re-queues what Redis lost. */
@Module({
  imports: [StripeWebhooksModule],
  providers: [StripeWebhooksProcessor, StripeWebhookSweeper],
})
export class StripeWebhookJobsModule {}
