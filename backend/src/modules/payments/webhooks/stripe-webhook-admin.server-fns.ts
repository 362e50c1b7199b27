import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Queue } from 'bullmq';
import type { z } from 'zod';
import { adminListStripeEvents, adminRedriveStripeEvent, type AdminStripeEvent } from '../../../../../contracts/admin-webhooks.contract';
import type { ServerFnOutput } from '../../../../../contracts/server-fn';
import { AppError, NotFoundError } from '../../../common/app-error';
import { APP_CONFIG } from '../../../config/config.module';
import type { AppConfig } from '../../../config/config.schema';
import { ServerFn } from '../../../server-fn/server-fn.decorator';
import type { ServerFnContext } from '../../../server-fn/server-fn-context';
import { assertAdmin } from '../../admin/admin-access';
import { STRIPE_WEBHOOK_JOB_OPTIONS, STRIPE_WEBHOOK_QUEUE, type StripeWebhookJob } from './stripe-webhook-queue';

interface Row {
  stripe_event_id: string;
  type: string;
  received_at: Date;
  deliveries: number;
  attempts: number;
  outcome: string | null;
  last_error: string | null;
  handled_at: Date | null;
}

const OUTCOME_SQL = "coalesce(outcome, 'pending')";

/** Administrators' view of what Stripe sent: every kept event, how handling went, and a re-drive. */
@Injectable()
export class StripeWebhookAdminServerFns {
  constructor(
    private readonly orm: MikroORM,
    @InjectQueue(STRIPE_WEBHOOK_QUEUE) private readonly queue: Queue<StripeWebhookJob>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @ServerFn(adminListStripeEvents)
  async list({ outcome, limit }: z.output<typeof adminListStripeEvents.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof adminListStripeEvents>> {
    assertAdmin(context.headers, this.config.ADMIN_TOKEN);
    const connection = this.orm.em.getConnection();
    const [rows, counts] = await Promise.all([
      connection.execute<Row[]>(
        `select stripe_event_id, type, received_at, deliveries, attempts, outcome, last_error, handled_at from stripe_webhook_events
         ${outcome ? `where ${OUTCOME_SQL} = ?` : ''} order by received_at desc limit ?`,
        outcome ? [outcome, limit] : [limit],
      ),
      connection.execute<{ outcome: AdminStripeEvent['outcome']; n: string }[]>(`select ${OUTCOME_SQL} as outcome, count(*) as n from stripe_webhook_events group by 1`),
    ]);
    return {
      events: rows.map((row) => ({
        stripeEventId: row.stripe_event_id,
        type: row.type,
        receivedAt: new Date(row.received_at).toISOString(),
        deliveries: row.deliveries,
        attempts: row.attempts,
        outcome: (row.outcome ?? 'pending') as AdminStripeEvent['outcome'],
        lastError: row.last_error,
        handledAt: row.handled_at ? new Date(row.handled_at).toISOString() : null,
      })),
      counts: { pending: 0, failed: 0, handled: 0, ignored: 0, ...Object.fromEntries(counts.map((c) => [c.outcome, Number(c.n)])) },
    };
  }

  /** Queues a kept, unhandled event again, replacing a job that gave up (or that Redis lost). */
  @ServerFn(adminRedriveStripeEvent)
  async redrive({ stripeEventId }: z.output<typeof adminRedriveStripeEvent.input>, context: ServerFnContext): Promise<ServerFnOutput<typeof adminRedriveStripeEvent>> {
    assertAdmin(context.headers, this.config.ADMIN_TOKEN);
    const [row] = await this.orm.em.getConnection().execute<{ handled_at: Date | null }[]>('select handled_at from stripe_webhook_events where stripe_event_id = ?', [stripeEventId]);
    if (!row) throw new NotFoundError(`No Stripe event ${stripeEventId} was received.`);
    if (row.handled_at) throw new AppError('stripe.event_handled', 409, `${stripeEventId} was already handled; handling it again would change nothing.`);
    const existing = await this.queue.getJob(stripeEventId);
    if (existing) {
      const state = await existing.getState();
      if (state === 'active') throw new AppError('stripe.event_running', 409, `${stripeEventId} is being handled right now.`);
      await existing.remove();
    }
    await this.queue.add('stripe-event', { stripeEventId }, { jobId: stripeEventId, ...STRIPE_WEBHOOK_JOB_OPTIONS });
    return { status: 'queued' };
  }
}
