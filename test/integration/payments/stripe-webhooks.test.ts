import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Queue, type Job } from 'bullmq';
import Stripe from 'stripe';
import { StripeEventHandlers } from '../../../backend/src/integrations/stripe/webhooks/stripe-event-handlers';
import { StripeWebhookLog } from '../../../backend/src/integrations/stripe/webhooks/stripe-webhook-log';
import { STRIPE_WEBHOOK_QUEUE, type StripeWebhookJob } from '../../../backend/src/integrations/stripe/jobs/stripe-webhook-queue';
import { StripeWebhookSweeper } from '../../../backend/src/integrations/stripe/jobs/stripe-webhook-sweeper';
import { StripeWebhooksProcessor } from '../../../backend/src/integrations/stripe/jobs/stripe-webhooks.processor';
import { prepareDatabase } from '../../../backend/src/prepare-database';
import { createTestDatabase, dropTestDatabase, uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';
import { asSentByStripe } from '../../support/emulator-client';
import { testOrm } from '../events/support/orm';

const SECRET = 'whsec_integration_test_secret';
const stripe = new Stripe('sk_test_signing_only');
const prefix = uniqueQueuePrefix('stripe');
const connection = { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', maxRetriesPerRequest: null };

let api: TestApi;
let orm: MikroORM;
let queue: Queue<StripeWebhookJob>;
let log: StripeWebhookLog;
beforeAll(async () => {
  api = await startTestApi({ env: { STRIPE_WEBHOOK_SECRET: SECRET, QUEUE_PREFIX: prefix } });
  orm = await testOrm();
  log = new StripeWebhookLog(orm);
  queue = new Queue<StripeWebhookJob>(STRIPE_WEBHOOK_QUEUE, { connection, prefix });
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await orm.close(true);
  await api.close();
});

/** A Stripe event as Stripe sends it (the object trimmed to what matters here). */
function stripeEvent(type = 'checkout.session.completed') {
  const id = `evt_${randomUUID().replace(/-/g, '').slice(0, 24)}`;
  return asSentByStripe({
    id,
    type,
    data: { object: { id: `cs_test_${id.slice(4)}`, object: 'checkout.session', payment_status: 'paid', status: 'complete' } },
  });
}

function deliver(body: string, signature: string | null) {
  return fetch(`${api.url}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
    body,
  });
}

const signed = (body: string, secret = SECRET) => stripe.webhooks.generateTestHeaderString({ payload: body, secret });

async function keptRow(id: string) {
  const [row] = await orm.em
    .getConnection()
    .execute<{ deliveries: number; type: string; handled_at: Date | null; outcome: string | null; attempts: number }[]>(
      'select deliveries, type, handled_at, outcome, attempts from stripe_webhook_events where stripe_event_id = ?',
      [id],
    );
  return row;
}

describe('POST /webhooks/stripe', () => {
  it('keeps a correctly signed event, queues it under its Stripe id and answers 200', async () => {
    const event = stripeEvent();
    const body = JSON.stringify(event);
    const response = await deliver(body, signed(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true });
    expect(await keptRow(event.id)).toMatchObject({ deliveries: 1, type: 'checkout.session.completed' });
    expect((await queue.getJob(event.id))?.data).toEqual({ stripeEventId: event.id });
  });

  it('refuses a bad, stale, future-dated or missing signature with 400, keeping and queueing nothing', async () => {
    const event = stripeEvent();
    const body = JSON.stringify(event);
    const stale = stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) - 3600 });
    const ahead = stripe.webhooks.generateTestHeaderString({ payload: body, secret: SECRET, timestamp: Math.floor(Date.now() / 1000) + 3600 });
    for (const signature of [
      signed(body, 'whsec_someone_else_secret'),
      signed(JSON.stringify({ ...event, type: 'charge.refunded' })),
      stale,
      ahead,
      't=1,v1=abc',
      null,
    ]) {
      const response = await deliver(body, signature);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).toBe('stripe.signature_invalid');
    }
    expect(await keptRow(event.id)).toBeUndefined();
    expect(await queue.getJob(event.id)).toBeUndefined();
  });

  it('keeps one event and one job when Stripe delivers the same event five times', async () => {
    const event = stripeEvent('invoice.paid');
    const body = JSON.stringify(event);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(body, signed(body))));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await keptRow(event.id)).toMatchObject({ deliveries: 5 });
    const jobs = (await queue.getJobs(['waiting', 'active', 'delayed', 'completed', 'failed'])).filter((j) => j.data.stripeEventId === event.id);
    expect(jobs).toHaveLength(1);
  });

  it('counts a redelivery of an event already handled and queues nothing for it', async () => {
    const event = stripeEvent('customer.created');
    const body = JSON.stringify(event);
    await log.record({ id: event.id, type: event.type, payload: event });
    await log.attempted(event.id, { outcome: 'ignored' });
    const response = await deliver(body, signed(body));
    expect(response.status).toBe(200);
    expect(await keptRow(event.id)).toMatchObject({ deliveries: 2, outcome: 'ignored', attempts: 1 });
    expect(await queue.getJob(event.id)).toBeUndefined();
  });
});

describe('when Postgres is unreachable', () => {
  it('answers 503 so that Stripe delivers the event again later', async () => {
    const databaseUrl = await createTestDatabase('stripe_down');
    await prepareDatabase({ DATABASE_URL: databaseUrl });
    const doomed = await startTestApi({ env: { STRIPE_WEBHOOK_SECRET: SECRET, QUEUE_PREFIX: prefix, DATABASE_URL: databaseUrl } });
    try {
      await dropTestDatabase(databaseUrl);
      const event = stripeEvent();
      const body = JSON.stringify(event);
      const response = await fetch(`${doomed.url}/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'stripe-signature': signed(body) },
        body,
      });
      expect(response.status).toBe(503);
      expect(await queue.getJob(event.id)).toBeUndefined();
    } finally {
      await doomed.close().catch(() => undefined);
    }
  });
});

describe('handling kept events', () => {
  const job = (stripeEventId: string) => ({ data: { stripeEventId } }) as Job<StripeWebhookJob>;

  it('runs the handlers once per event, however often its job runs, and records types nobody handles as ignored', async () => {
    const handlers = new StripeEventHandlers();
    const seen: string[] = [];
    handlers.on('checkout.session.completed', async (event) => void seen.push(event.id));
    const processor = new StripeWebhooksProcessor(log, handlers);
    const completed = stripeEvent();
    const other = stripeEvent('customer.created');
    await log.record({ id: completed.id, type: completed.type, payload: completed });
    await log.record({ id: other.id, type: other.type, payload: other });
    expect(await processor.process(job(completed.id))).toEqual({ outcome: 'handled' });
    expect(await processor.process(job(completed.id))).toEqual({ outcome: 'already-handled' });
    expect(await processor.process(job(other.id))).toEqual({ outcome: 'ignored' });
    expect(await processor.process(job(other.id))).toEqual({ outcome: 'already-handled' });
    expect(seen).toEqual([completed.id]);
    expect(await keptRow(completed.id)).toMatchObject({ outcome: 'handled', attempts: 1 });
    expect(await keptRow(other.id)).toMatchObject({ outcome: 'ignored', attempts: 1 });
  });

  it('runs the handlers of a handled type whose job was queued as the ignore job or under the older generic name', async () => {
    const handlers = new StripeEventHandlers();
    const seen: string[] = [];
    handlers.on('checkout.session.completed', async (event) => void seen.push(event.id));
    const processor = new StripeWebhooksProcessor(log, handlers);
    const [asIgnored, asGeneric] = [stripeEvent(), stripeEvent()];
    for (const event of [asIgnored, asGeneric]) await log.record({ id: event.id, type: event.type, payload: event });
    const named = (name: string, stripeEventId: string) => ({ name, data: { stripeEventId } }) as Job<StripeWebhookJob>;
    expect(await processor.process(named('stripe.ignore-event', asIgnored.id))).toEqual({ outcome: 'handled' });
    expect(await processor.process(named('stripe-event', asGeneric.id))).toEqual({ outcome: 'handled' });
    expect(seen).toEqual([asIgnored.id, asGeneric.id]);
  });

  it('records a failed attempt with its error, and handles the event on the retry', async () => {
    const handlers = new StripeEventHandlers();
    let failures = 1;
    handlers.on('invoice.payment_failed', async () => {
      if (failures-- > 0) throw new Error('database is restarting');
    });
    const processor = new StripeWebhooksProcessor(log, handlers);
    const event = stripeEvent('invoice.payment_failed');
    await log.record({ id: event.id, type: event.type, payload: event });
    await expect(processor.process(job(event.id))).rejects.toThrow('database is restarting');
    expect(await keptRow(event.id)).toMatchObject({ outcome: 'failed', attempts: 1, handled_at: null });
    expect(await processor.process(job(event.id))).toEqual({ outcome: 'handled' });
    expect(await keptRow(event.id)).toMatchObject({ outcome: 'handled', attempts: 2 });
  });

  it('after Redis lost its jobs, queues again every kept, unhandled event at once, however young', async () => {
    const events = [stripeEvent(), stripeEvent('invoice.paid'), stripeEvent('customer.created')];
    for (const event of events) await log.record({ id: event.id, type: event.type, payload: event });
    const sweeper = new StripeWebhookSweeper(log, queue);

    expect(await sweeper.recoverLost()).toBeGreaterThanOrEqual(events.length);

    for (const event of events) expect((await queue.getJob(event.id))?.data).toEqual({ stripeEventId: event.id });
    expect((await queue.getJob(events[2]!.id))?.name).toBe('stripe.ignore-event');
  });

  it('pages through the unhandled events oldest first, each once, however small the page', async () => {
    const events = [stripeEvent(), stripeEvent(), stripeEvent()];
    for (const event of events) await log.record({ id: event.id, type: event.type, payload: event });
    const before = new Date(Date.now() + 60_000);
    const seen: string[] = [];
    let page = await log.unhandled(before, { limit: 2 });
    while (page.length > 0) {
      seen.push(...page.map((e) => e.id));
      page = await log.unhandled(before, { limit: 2, after: page.at(-1)!.cursor });
    }
    const ours = seen.filter((id) => events.some((e) => e.id === id));
    expect(ours).toEqual(events.map((e) => e.id));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('queues again every kept, unhandled event after Redis lost its jobs', async () => {
    const event = stripeEvent();
    const body = JSON.stringify(event);
    expect((await deliver(body, signed(body))).status).toBe(200);
    await queue.obliterate({ force: true });
    expect(await queue.getJob(event.id)).toBeUndefined();
    const sweeper = new StripeWebhookSweeper(log, queue);
    expect(await sweeper.sweep(new Date())).toBeGreaterThanOrEqual(0);
    expect(await queue.getJob(event.id)).toBeUndefined(); // still within the grace period
    await sweeper.sweep(new Date(Date.now() + 2 * 60_000));
    expect((await queue.getJob(event.id))?.data).toEqual({ stripeEventId: event.id });
  });
});
