import { Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { RefusedStripeEvent } from '../webhooks/refused-stripe-event';
import { StripeEventHandlers } from '../webhooks/stripe-event-handlers';
import { StripeWebhookLog } from '../webhooks/stripe-webhook-log';
import { STRIPE_WEBHOOK_QUEUE, type StripeWebhookJob } from './stripe-webhook-queue';

/**
 * Handles one kept Stripe event. Handlers must be idempotent by the Stripe event id (they append
 * with it as the event's sourceId), so a job run twice, or an event delivered five times, acts once.
 */
@Processor(STRIPE_WEBHOOK_QUEUE, { concurrency: 8 })
export class StripeWebhooksProcessor extends WorkerHost {
  constructor(
    private readonly log: StripeWebhookLog,
    private readonly handlers: StripeEventHandlers,
  ) {
    super();
  }

  async process(job: Job<StripeWebhookJob>): Promise<{ outcome: 'handled' | 'ignored' | 'already-handled' | 'unknown' }> {
    const event = await this.log.find(job.data.stripeEventId);
    if (!event) return { outcome: 'unknown' };
    if (event.handledAt) return { outcome: 'already-handled' };
    const handlers = this.handlers.for(event.type);
    try {
      for (const handler of handlers) await handler(event);
    } catch (error) {
      await this.log.attempted(event.id, { error: error instanceof Error ? error.message : String(error) });
      // A refusal would be the same on every retry: BullMQ fails the job at once instead.
      if (error instanceof RefusedStripeEvent) throw new UnrecoverableError(error.message);
      throw error;
    }
    const outcome = handlers.length > 0 ? 'handled' : 'ignored';
    await this.log.attempted(event.id, { outcome });
    return { outcome };
  }
}
