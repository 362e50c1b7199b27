import { Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { RefusedStripeEvent } from '../webhooks/refused-stripe-event';
import { StripeEventHandlers } from '../webhooks/stripe-event-handlers';
import { StripeWebhookLog } from '../webhooks/stripe-webhook-log';
import { isHandledStripeJobName, stripeJobName } from './stripe-job-names';
import { STRIPE_WEBHOOK_QUEUE, type StripeWebhookJob } from './stripe-webhook-queue';

/**
 * Handles one kept Stripe event: runs the handlers registered for the job's name. Handlers must be
 * idempotent (each stream's decider records only what is new), so a job run twice, or an event
 * delivered five times, acts once. Every event they record carries the Stripe event's id as its
 * correlation and causation id (stripeEventMetadata), the key of this event's webhook log row.
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
    // Most of what Stripe sends is handled by nothing: one statement, no payload read.
    if (!isHandledStripeJobName(job.name) && (await this.log.ignoreIfUnhandled(job.data.stripeEventId, this.handlers.handledTypes())))
      return { outcome: 'ignored' };
    const event = await this.log.find(job.data.stripeEventId);
    if (!event) return { outcome: 'unknown' };
    if (event.handledAt) return { outcome: 'already-handled' };
    const name = this.jobNameFor(job, event.type);
    const handlers = this.handlers.for(name);
    try {
      if (name !== stripeJobName(event.type)) throw new RefusedStripeEvent(`job ${name} does not handle a ${event.type} event`);
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

  /**
   * A handled type's job name says what to run. A job queued under the generic 'stripe-event' (before
   * jobs were named) or as the ignore job runs what the kept event's type is handled by now.
   */
  private jobNameFor(job: Job<StripeWebhookJob>, type: string): string {
    return isHandledStripeJobName(job.name) ? job.name : stripeJobName(type);
  }
}
