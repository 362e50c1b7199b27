import { randomUUID } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Queue, type Job } from 'bullmq';
import { StripeEventHandlers } from '../../../backend/src/integrations/stripe/webhooks/stripe-event-handlers';
import { StripeWebhookLog } from '../../../backend/src/integrations/stripe/webhooks/stripe-webhook-log';
import { STRIPE_WEBHOOK_QUEUE, type StripeWebhookJob } from '../../../backend/src/integrations/stripe/jobs/stripe-webhook-queue';
import { StripeWebhooksProcessor } from '../../../backend/src/integrations/stripe/jobs/stripe-webhooks.processor';
import { createPreparedTestDatabase } from '../../support/prepared-database';
import { dropTestDatabase, uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';
import { postSignedWebhook } from '../../support/emulator-client';
import { testOrm } from '../events/support/orm';

const SECRET = 'whsec_hostile_bodies';
const prefix = uniqueQueuePrefix('hostile-webhooks');
const connection = { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0', maxRetriesPerRequest: null };

let databaseUrl: string;
let api: TestApi;
let orm: MikroORM;
let log: StripeWebhookLog;
let queue: Queue<StripeWebhookJob>;
beforeAll(async () => {
  // A database of its own: "keeping nothing" counts the whole webhook log, which other files write to.
  databaseUrl = await createPreparedTestDatabase('webhook-bodies');
  api = await startTestApi({ env: { STRIPE_WEBHOOK_SECRET: SECRET, QUEUE_PREFIX: prefix, DATABASE_URL: databaseUrl } });
  orm = await testOrm([], databaseUrl);
  log = new StripeWebhookLog(orm);
  queue = new Queue<StripeWebhookJob>(STRIPE_WEBHOOK_QUEUE, { connection, prefix });
});
afterAll(async () => {
  await queue.obliterate({ force: true });
  await queue.close();
  await orm.close(true);
  await api.close();
  await dropTestDatabase(databaseUrl);
});

const deliverSigned = (body: string) => postSignedWebhook(api.url, body, SECRET);

async function keptEvents(): Promise<number> {
  const [row] = await orm.em.getConnection().execute<{ n: string }[]>('select count(*) as n from stripe_webhook_events');
  return Number(row!.n);
}

const eventId = () => `evt_${randomUUID().replace(/-/g, '').slice(0, 24)}`;

describe('a correctly signed webhook whose body is not a Stripe event', () => {
  const notEvents = [
    'null',
    '{}',
    '[]',
    '"x"',
    '1',
    'true',
    '{"id":"evt_1"}',
    '{"type":"invoice.paid"}',
    '{"id":7,"type":"invoice.paid"}',
    '{"id":"","type":"invoice.paid"}',
    '{"id":"evt_\\u0000","type":"invoice.paid"}',
    '{"id":"evt_1","type":"invoice.\\ud800"}',
    `{"id":"evt_${'x'.repeat(300)}","type":"invoice.paid"}`,
    '[{"id":"evt_1","type":"invoice.paid"}]',
  ];

  const cases = notEvents.map((body) => [body.length > 60 ? `${body.slice(0, 40)}… (${body.length} characters)` : body, body]);
  it.each(cases)('%s is answered 400 stripe.not_an_event (Stripe does not retry it), keeping nothing', async (_label, body) => {
    const before = await keptEvents();
    const response = await deliverSigned(body);
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('stripe.not_an_event');
    expect(await keptEvents()).toBe(before);
  });
});

describe('a signed event whose strings hold what jsonb cannot', () => {
  it('is kept losslessly, answered 200 on every delivery, and handled by the worker with the text it had', async () => {
    const id = eventId();
    const hostile = { name: 'a\u0000b', half: '\ud800', pair: '📝', nested: [{ '\u0000key': 'v' }] };
    const event = {
      id,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: `cs_test_${id.slice(4)}`, object: 'checkout.session', metadata: hostile } },
    };
    const body = JSON.stringify(event);
    expect(body).toContain('\\u0000');

    for (const delivery of [1, 2]) {
      const response = await deliverSigned(body);
      expect({ delivery, status: response.status }).toEqual({ delivery, status: 200 });
    }
    const [row] = await orm.em
      .getConnection()
      .execute<{ deliveries: number }[]>('select deliveries from stripe_webhook_events where stripe_event_id = ?', [id]);
    expect(row?.deliveries).toBe(2);
    expect((await log.find(id))?.payload).toEqual(event);

    const handlers = new StripeEventHandlers();
    const seen: unknown[] = [];
    handlers.on('checkout.session.completed', async (kept) => void seen.push(kept.payload));
    const processor = new StripeWebhooksProcessor(log, handlers);
    expect(await processor.process({ data: { stripeEventId: id } } as Job<StripeWebhookJob>)).toEqual({ outcome: 'handled' });
    expect(seen).toEqual([event]);
  });

  it('keeps an ordinary event as a jsonb object, as before', async () => {
    const id = eventId();
    const event = { id, object: 'event', type: 'customer.created', data: { object: { id: 'cus_1', object: 'customer', name: 'Ada' } } };
    expect((await deliverSigned(JSON.stringify(event))).status).toBe(200);
    const [row] = await orm.em
      .getConnection()
      .execute<{ kind: string }[]>('select jsonb_typeof(payload) as kind from stripe_webhook_events where stripe_event_id = ?', [id]);
    expect(row?.kind).toBe('object');
    expect((await log.find(id))?.payload).toEqual(event);
  });
});
