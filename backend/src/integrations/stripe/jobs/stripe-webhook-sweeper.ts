import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { rootLogger } from '../../../platform/common/logger';
import { StripeWebhookLog } from '../webhooks/stripe-webhook-log';
import { enqueueStripeEvent, STRIPE_WEBHOOK_QUEUE, type StripeWebhookJob } from './stripe-webhook-queue';

/** The sweep's own queue, so its scheduled runs never mix with the events' jobs. */
export const STRIPE_WEBHOOK_SWEEP_QUEUE = 'stripe-webhook-sweeps';
export const STRIPE_WEBHOOK_SWEEP_JOB = 'stripe.sweep-webhooks';
export const STRIPE_WEBHOOK_SWEEP_EVERY_MS = 30_000;
/** Younger events are probably still on their way through the queue. */
const GRACE_MS = 60_000;

/**
 * Redis runs without persistence, so a queued job can vanish. Every 30 s (a BullMQ job scheduler:
 * one run per period across all workers) the worker queues again each kept event that has not
 * been handled a minute after it arrived. A job that still exists (waiting, retrying, or failed for
 * an admin to re-drive) has the same id, so BullMQ ignores the add.
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
  async sweep(now = new Date()): Promise<number> {
    const events = await this.log.unhandled(new Date(now.getTime() - GRACE_MS));
    for (const event of events) await enqueueStripeEvent(this.queue, event);
    return events.length;
  }
}
