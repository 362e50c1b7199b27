import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { rootLogger } from '../../../platform/common/logger';
import { StripeWebhookLog, type UnhandledCursor } from '../webhooks/stripe-webhook-log';
import { enqueueStripeEvents, STRIPE_WEBHOOK_QUEUE, type StripeWebhookJob } from './stripe-webhook-queue';

/** The sweep's own queue, so its scheduled runs never mix with the events' jobs. */
export const STRIPE_WEBHOOK_SWEEP_QUEUE = 'stripe-webhook-sweeps';
export const STRIPE_WEBHOOK_SWEEP_JOB = 'stripe.sweep-webhooks';
export const STRIPE_WEBHOOK_SWEEP_EVERY_MS = 30_000;
/** Younger events are probably still on their way through the queue. */
const GRACE_MS = 60_000;
const PAGE = 500;

/**
 * Puts back the jobs of kept events that Redis lost. When a worker notices Redis lost its jobs
 * (RedisLossWatch), every kept event not yet handled is queued again at once. Every 30 s besides
 * (a BullMQ job scheduler: one run per period across all workers), each kept event not handled a
 * minute after it arrived is: one the api kept while Redis did not answer, with nothing lost
 * to notice. A job that still exists (waiting, retrying, or failed for an admin to re-drive) has
 * the same id, so BullMQ ignores the add.
 */
@Processor(STRIPE_WEBHOOK_SWEEP_QUEUE)
export class StripeWebhookSweeper extends WorkerHost {
  constructor(
    private readonly log: StripeWebhookLog,
    @InjectQueue(STRIPE_WEBHOOK_QUEUE) private readonly queue: Queue<StripeWebhookJob>,
  ) {
    super();
  }

  async process(): Promise<{ offered: number }> {
    try {
      return { offered: await this.sweep() };
    } catch (error) {
      rootLogger().warn({ err: error }, 'Stripe webhook sweep failed');
      throw error;
    }
  }

  /** Queues every kept, unhandled event older than the grace period; returns how many it offered. */
  sweep(now = new Date()): Promise<number> {
    return this.requeueReceivedBefore(new Date(now.getTime() - GRACE_MS));
  }

  /** After Redis lost its jobs: queues every kept, unhandled event, however young; returns how many. */
  recoverLost(): Promise<number> {
    // No bound at all: this process's clock (milliseconds) against Postgres' (microseconds) would
    // leave out an event kept in the same millisecond (a CI run lost one so).
    return this.requeueReceivedBefore(null);
  }

  /** Queues every kept, unhandled event received before `before` (every one when null). */
  private async requeueReceivedBefore(before: Date | null): Promise<number> {
    let offered = 0;
    let after: UnhandledCursor | undefined;
    for (;;) {
      const events = await this.log.unhandled(before, { after, limit: PAGE });
      await enqueueStripeEvents(this.queue, events);
      offered += events.length;
      if (events.length < PAGE) return offered;
      after = events.at(-1)!.cursor;
    }
  }
}
