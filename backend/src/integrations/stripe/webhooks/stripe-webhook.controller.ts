import { InjectQueue } from '@nestjs/bullmq';
import { Controller, Inject, Post, Req, Res } from '@nestjs/common';
import type { Queue } from 'bullmq';
import express, { type Request, type Response } from 'express';
import Stripe from 'stripe';
import { rootLogger } from '../../../platform/common/logger';
import { within } from '../../../platform/common/within';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { AppConfig } from '../../../platform/config/config.schema';
import { signedInFuture } from './signature-time';
import { isStripeEvent } from './stripe-event-shape';
import { StripeWebhookLog } from './stripe-webhook-log';
import { enqueueStripeEvent, STRIPE_WEBHOOK_QUEUE, type StripeWebhookJob } from '../jobs/stripe-webhook-queue';

const readRaw = express.raw({ type: () => true, limit: '1mb' });
/** Stripe waits about 10 s for an answer; a stalled Redis must not make it wait that long. */
const ENQUEUE_TIMEOUT_MS = 1_500;

/**
 * Stripe's webhook endpoint: verify the signature on the raw body (its time within 300 s either way), keep the event in Postgres
 * (a redelivery is a no-op), queue it as its type's named job under its Stripe id (unless a redelivery finds it handled), answer 200 at once. Bad or missing
 * signature, or a body that is not an event: 400, nothing kept. Postgres unreachable: 503, so Stripe retries. Redis unreachable:
 * still 200, since the event is kept and the sweeper queues it later.
 */
@Controller('webhooks')
export class StripeWebhookController {
  private readonly stripe = new Stripe('sk_webhooks_only');

  constructor(
    private readonly log: StripeWebhookLog,
    @InjectQueue(STRIPE_WEBHOOK_QUEUE) private readonly queue: Queue<StripeWebhookJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('stripe')
  async receive(@Req() req: Request, @Res() res: Response): Promise<void> {
    res.setHeader('cache-control', 'no-store');
    try {
      await new Promise<void>((resolve, reject) => readRaw(req, res, (error?: unknown) => (error ? reject(error) : resolve())));
    } catch {
      res.status(413).json({ error: { code: 'PAYLOAD_TOO_LARGE', message: 'The event body is too large.' } });
      return;
    }
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    const signature = req.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string') throw new Error('missing');
      event = this.stripe.webhooks.constructEvent(body, signature, this.config.STRIPE_WEBHOOK_SECRET);
      if (signedInFuture(signature, Math.floor(Date.now() / 1000))) throw new Error('dated ahead');
    } catch {
      res.status(400).json({ error: { code: 'stripe.signature_invalid', message: 'The Stripe-Signature header is missing or does not match this body.' } });
      return;
    }
    if (!isStripeEvent(event)) {
      res.status(400).json({ error: { code: 'stripe.not_an_event', message: 'The body is not a Stripe event: an object with a string id and type.' } });
      return;
    }
    let recorded: Awaited<ReturnType<StripeWebhookLog['record']>>;
    try {
      recorded = await this.log.record({ id: event.id, type: event.type, payload: event });
    } catch (error) {
      rootLogger().error({ err: error, stripeEventId: event.id }, 'could not record a Stripe event; answering 503 so Stripe retries');
      res.status(503).json({ error: { code: 'UNAVAILABLE', message: 'Could not record the event; retry later.' } });
      return;
    }
    // A redelivery of an event already handled needs no job (Stripe redelivers what it did not see answered).
    if (recorded !== 'handled') await this.enqueue(event);
    res.status(200).json({ received: true });
  }

  private async enqueue(event: { id: string; type: string }): Promise<void> {
    try {
      await within(enqueueStripeEvent(this.queue, event), ENQUEUE_TIMEOUT_MS, 'queueing a Stripe event');
    } catch (error) {
      rootLogger().warn({ err: error, stripeEventId: event.id }, 'Stripe event kept but not queued; the sweeper will queue it');
    }
  }
}
