import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Worker, type Job, type Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { rootLogger, throttledWarning } from '../../platform/common/logger';
import { within } from '../../platform/common/within';
import { closeWorker } from '../../platform/queue/close-worker';
import { REDIS } from '../../platform/redis/redis.module';
import Stripe from 'stripe';
import { APP_CONFIG } from '../../platform/config/config.module';
import type { AppConfig } from '../../platform/config/config.schema';
import { EmulatorStore, type StripeObject } from './emulator-store';
import { publicView } from './emulator-api';
import { nowSeconds, stripeId } from './stripe-objects';
import fixtures from './stripe-fixtures.json';

export const EMULATOR_WEBHOOK_QUEUE = 'stripe-emulator-webhooks';

/**
 * Posts each event to the site's webhook endpoint, signed as Stripe signs (Stripe-Signature:
 * t=…,v1=…). It runs in the api (the endpoint is the api's own address), on a worker started
 * without waiting for Redis, so the api still starts, and says it is not ready, when Redis is down.
 */
@Injectable()
export class EmulatorWebhookSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly signer = new Stripe('sk_test_emulator_signing');
  private worker?: Worker<{ eventId: string }>;

  constructor(
    private readonly store: EmulatorStore,
    private readonly http: HttpAdapterHost,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  /** Starts now if Redis answers; otherwise on the first event to deliver (see EmulatorEvents.deliver). */
  async onApplicationBootstrap(): Promise<void> {
    const ready = await this.redis.ping().then(
      () => true,
      () => false,
    );
    if (ready) this.start();
  }

  start(): void {
    if (this.worker) return;
    this.worker = new Worker<{ eventId: string }>(EMULATOR_WEBHOOK_QUEUE, (job) => this.process(job), {
      connection: { url: this.config.REDIS_URL, maxRetriesPerRequest: null },
      prefix: this.config.QUEUE_PREFIX,
      concurrency: 4,
    });
    this.worker.on('error', throttledWarning('Stripe emulator webhook worker'));
  }

  async onApplicationShutdown(): Promise<void> {
    if (!this.worker) return;
    await closeWorker(this.worker, rootLogger());
  }

  async process(job: Job<{ eventId: string }>): Promise<{ status: number }> {
    const event = await this.store.get(job.data.eventId, 'event');
    if (!event) return { status: 410 };
    const payload = JSON.stringify(event, null, 2);
    const signature = this.signer.webhooks.generateTestHeaderString({ payload, secret: this.config.STRIPE_WEBHOOK_SECRET });
    const response = await fetch(this.endpoint(), {
      method: 'POST',
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': signature,
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`the webhook endpoint answered ${response.status}`);
    return { status: response.status };
  }

  /** STRIPE_EMULATOR_WEBHOOK_URL, or this api's own /webhooks/stripe at the address it actually listens on. */
  private endpoint(): string {
    if (this.config.STRIPE_EMULATOR_WEBHOOK_URL) return this.config.STRIPE_EMULATOR_WEBHOOK_URL;
    const address = this.http.httpAdapter.getHttpServer().address() as { port: number } | string | null;
    if (!address || typeof address === 'string') throw new Error('the api is not listening yet');
    return `http://127.0.0.1:${address.port}/webhooks/stripe`;
  }
}

/**
 * Records a Stripe event for an object that changed and queues its delivery. Like Stripe, a
 * delivery that does not get a 2xx is retried with growing delays (here seconds, not hours).
 */
@Injectable()
export class EmulatorEvents {
  constructor(
    private readonly store: EmulatorStore,
    @InjectQueue(EMULATOR_WEBHOOK_QUEUE) private readonly queue: Queue<{ eventId: string }>,
    private readonly sender: EmulatorWebhookSender,
  ) {}

  /** `previousAttributes`: for a *.updated event, the changed fields' values before the change (as Stripe sends them). */
  async emit(type: string, object: StripeObject, em: EntityManager, previousAttributes?: Record<string, unknown>): Promise<StripeObject> {
    const event = {
      ...structuredClone(fixtures.resources.event),
      id: stripeId('evt'),
      type,
      created: nowSeconds(),
      api_version: Stripe.API_VERSION,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: publicView(object), ...(previousAttributes ? { previous_attributes: previousAttributes } : {}) },
    } as unknown as StripeObject;
    await this.store.put(event, em);
    return event;
  }

  /** Call after the transaction that recorded the events has committed. A stalled Redis delays nobody for long. */
  async deliver(events: StripeObject[]): Promise<void> {
    if (events.length > 0) this.sender.start();
    for (const event of events) {
      const job = this.queue.add(
        'deliver',
        { eventId: event.id },
        {
          jobId: event.id,
          attempts: 8,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: { age: 24 * 3600 },
          removeOnFail: { age: 7 * 24 * 3600 },
        },
      );
      await within(job, 1_500, 'queueing a webhook').catch((error: unknown) =>
        rootLogger().warn({ err: error, eventId: event.id }, 'the Stripe emulator could not queue a webhook'),
      );
    }
  }
}
