import { InjectQueue } from '@nestjs/bullmq';
import { Injectable } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { z } from 'zod';
import { adminListStripeEvents, adminRedriveStripeEvent } from '../../../../../contracts/stripe/stripe.contract';
import type { ServerFnOutput } from '../../../../../contracts/server-fn';
import { ServerFn } from '../../../server-fn/server-fn.decorator';
import { StripeWebhookLog } from './stripe-webhook-log';
import { enqueueStripeEvent, STRIPE_WEBHOOK_QUEUE, type StripeWebhookJob } from '../jobs/stripe-webhook-queue';
import { StripeEventHandledError, StripeEventNotFoundError, StripeEventRunningError } from './stripe-webhooks.errors';

/** Administrators' view of what Stripe sent: every kept event, how handling went, and a re-drive. */
@Injectable()
export class StripeWebhookAdminServerFns {
  constructor(
    private readonly log: StripeWebhookLog,
    @InjectQueue(STRIPE_WEBHOOK_QUEUE) private readonly queue: Queue<StripeWebhookJob>,
  ) {}

  @ServerFn(adminListStripeEvents, { admin: { role: 'support', audit: { kind: 'reads' } } })
  async list({ outcome, limit }: z.output<typeof adminListStripeEvents.input>): Promise<ServerFnOutput<typeof adminListStripeEvents>> {
    return this.log.list(outcome, limit);
  }

  /** Queues a kept, unhandled event again, replacing a job that gave up (or that Redis lost). */
  @ServerFn(adminRedriveStripeEvent, {
    // Owner: handling an event again changes customers' accounts (a grant, a renewal) as Stripe's event says.
    admin: { role: 'owner', audit: { kind: 'recorded', target: (input) => input.stripeEventId, outcome: () => 'Queued for handling again' } },
  })
  async redrive({ stripeEventId }: z.output<typeof adminRedriveStripeEvent.input>): Promise<ServerFnOutput<typeof adminRedriveStripeEvent>> {
    const event = await this.log.find(stripeEventId);
    if (!event) throw new StripeEventNotFoundError(stripeEventId);
    if (event.handledAt) throw new StripeEventHandledError(stripeEventId);
    const existing = await this.queue.getJob(stripeEventId);
    if (existing) {
      if ((await existing.getState()) === 'active') throw new StripeEventRunningError(stripeEventId);
      await existing.remove();
    }
    await enqueueStripeEvent(this.queue, event);
    return { status: 'queued' };
  }
}
