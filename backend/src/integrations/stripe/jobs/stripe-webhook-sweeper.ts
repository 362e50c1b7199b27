import { InjectQueue } from '@nestjs/bullmq';
import { Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Queue } from 'bullmq';
import { rootLogger } from '../../../platform/common/logger';
import { StripeWebhookLog } from '../webhooks/stripe-webhook-log';
import { enqueueStripeEvent, STRIPE_WEBHOOK_QUEUE, type StripeWebhookJob } from './stripe-webhook-queue';

const SWEEP_EVERY_MS = 30_000;
/** Younger events are probably still on their way through the queue. */
const GRACE_MS = 60_000;

/**
 * Redis runs without persistence, so a queued job can vanish. Every 30 s the worker queues again
 * each kept event that has not been handled a minute after it arrived. A job that still exists
 * (waiting, retrying, or failed for an admin to re-drive) has the same id, so BullMQ ignores the add.
 */
@Injectable()
export class StripeWebhookSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly log: StripeWebhookLog,
    @InjectQueue(STRIPE_WEBHOOK_QUEUE) private readonly queue: Queue<StripeWebhookJob>,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep().catch((error: unknown) => rootLogger().warn({ err: error }, 'Stripe webhook sweep failed')), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }

  /** Queues every kept, unhandled event older than the grace period; returns how many it offered. */
  async sweep(now = new Date()): Promise<number> {
    const ids = await this.log.unhandled(new Date(now.getTime() - GRACE_MS));
    for (const stripeEventId of ids) await enqueueStripeEvent(this.queue, stripeEventId);
    return ids.length;
  }
}
