import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Queue, Worker } from 'bullmq';
import { Pool } from 'pg';
import { StripeEventHandlers } from '../../../backend/src/integrations/stripe/webhooks/stripe-event-handlers';
import { StripeWebhookLog } from '../../../backend/src/integrations/stripe/webhooks/stripe-webhook-log';
import { STRIPE_WEBHOOK_QUEUE, type StripeWebhookJob } from '../../../backend/src/integrations/stripe/jobs/stripe-webhook-queue';
import { StripeWebhooksProcessor } from '../../../backend/src/integrations/stripe/jobs/stripe-webhooks.processor';
import { adminSession } from '../../support/site-client';
import { uniqueQueuePrefix } from '../../support/test-database';
import { within } from '../../support/waits';
import { startTestApi, type TestApi } from '../../support/test-api';
import { testOrm } from '../events/support/orm';

const ADMIN_TOKEN = 'admin-token-for-webhook-tests';
const prefix = uniqueQueuePrefix('stripeadmin');
let api: TestApi;
let orm: MikroORM;
let log: StripeWebhookLog;
let queue: Queue<StripeWebhookJob>;
const admin = { cookie: '' };
beforeAll(async () => {
  api = await startTestApi({ env: { ADMIN_TOKEN, QUEUE_PREFIX: prefix } });
  admin.cookie = await adminSession(api.url, ADMIN_TOKEN);
  orm = await testOrm();
  log = new StripeWebhookLog(orm);
  queue = new Queue<StripeWebhookJob>(STRIPE_WEBHOOK_QUEUE, { connection: { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0' }, prefix });
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await orm.close(true);
  await api.close();
});

const call = (id: string, init: { method: 'GET'; payload: unknown } | { method: 'POST'; body: unknown }, headers: Record<string, string> = admin) =>
  init.method === 'GET'
    ? fetch(`${api.url}/_serverFn/${id}?payload=${encodeURIComponent(JSON.stringify(init.payload))}`, { headers })
    : fetch(`${api.url}/_serverFn/${id}`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(init.body) });

async function keep(type: string) {
  const id = `evt_${randomUUID().replace(/-/g, '')}`;
  await log.record({ id, type, payload: { id, type, object: 'event', data: { object: {} } } });
  return id;
}

describe('the admin view of Stripe events', () => {
  it('is for administrators only', async () => {
    expect((await call('adminListStripeEvents', { method: 'GET', payload: {} }, {})).status).toBe(403);
    expect((await call('adminRedriveStripeEvent', { method: 'POST', body: { stripeEventId: 'evt_x' } }, {})).status).toBe(403);
  });

  it('lists kept events with their outcome, filtered and counted', async () => {
    const failing = new StripeEventHandlers();
    failing.on('invoice.payment_failed', async () => {
      throw new Error('no such subscription yet');
    });
    const failed = await keep('invoice.payment_failed');
    await expect(new StripeWebhooksProcessor(log, failing).process({ data: { stripeEventId: failed } } as never)).rejects.toThrow();
    const ignored = await keep('customer.created');
    await new StripeWebhooksProcessor(log, new StripeEventHandlers()).process({ data: { stripeEventId: ignored } } as never);

    const all = (await (await call('adminListStripeEvents', { method: 'GET', payload: {} })).json()) as {
      result: { events: { stripeEventId: string; outcome: string; lastError: string | null }[]; counts: Record<string, number> };
    };
    expect(all.result.events.find((e) => e.stripeEventId === failed)).toMatchObject({ outcome: 'failed', lastError: 'no such subscription yet' });
    expect(all.result.events.find((e) => e.stripeEventId === ignored)).toMatchObject({ outcome: 'ignored' });
    expect(all.result.counts.failed).toBeGreaterThanOrEqual(1);
    const onlyFailed = (await (await call('adminListStripeEvents', { method: 'GET', payload: { outcome: 'failed' } })).json()) as {
      result: { events: { outcome: string }[] };
    };
    expect(onlyFailed.result.events.every((e) => e.outcome === 'failed')).toBe(true);
  });

  it('re-drives an unhandled event (replacing a job that gave up), and refuses handled, unknown and malformed ones', async () => {
    const stuck = await keep('checkout.session.completed');
    await queue.add('stripe-event', { stripeEventId: stuck }, { jobId: stuck, attempts: 1 });
    // A worker that gives up on it, as one would after its last retry; it says so once the job is moved to failed.
    const worker = new Worker<StripeWebhookJob>(
      STRIPE_WEBHOOK_QUEUE,
      async () => {
        throw new Error('gave up');
      },
      { connection: { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', maxRetriesPerRequest: null }, prefix },
    );
    const gaveUp = new Promise<void>((resolve) => worker.on('failed', (job) => job?.id === stuck && resolve()));
    await within(gaveUp, 5_000, 'the worker did not give up on the job within 5 s');
    await worker.close();
    expect(await queue.getJob(stuck).then((j) => j?.getState())).toBe('failed');
    const redriven = await call('adminRedriveStripeEvent', { method: 'POST', body: { stripeEventId: stuck } });
    expect(redriven.status).toBe(200);
    expect(await queue.getJob(stuck).then((j) => j?.getState())).toBe('waiting');

    const handled = await keep('customer.created');
    await new StripeWebhooksProcessor(log, new StripeEventHandlers()).process({ data: { stripeEventId: handled } } as never);
    const again = await call('adminRedriveStripeEvent', { method: 'POST', body: { stripeEventId: handled } });
    expect([again.status, ((await again.json()) as { error: { code: string } }).error.code]).toEqual([409, 'stripe.event_handled']);
    expect((await call('adminRedriveStripeEvent', { method: 'POST', body: { stripeEventId: 'evt_never_received' } })).status).toBe(404);
    expect((await call('adminRedriveStripeEvent', { method: 'POST', body: { stripeEventId: 'not-an-id' } })).status).toBe(400);

    // Each redrive that ran is audited with who asked and how it ended; the malformed one never ran.
    const pool = new Pool({ connectionString: api.config.DATABASE_URL, max: 1 });
    try {
      const audited = await pool.query<{ data: { target: string; actor: unknown; status: string; code: string | null } }>(
        `select data from events where type = 'AdminOperationPerformed' and data->>'operation' = 'adminRedriveStripeEvent' and data->>'target' = any($1)`,
        [[stuck, handled, 'not-an-id']],
      );
      expect(audited.rows.map(({ data }) => [data.target, data.status, data.code, data.actor]).sort()).toEqual(
        [
          [stuck, 'succeeded', null, { id: 'admin-token', role: 'owner' }],
          [handled, 'failed', 'stripe.event_handled', { id: 'admin-token', role: 'owner' }],
        ].sort(),
      );
    } finally {
      await pool.end();
    }
  });
});
