import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { MikroORM } from '@mikro-orm/postgresql';
import { Queue, UnrecoverableError, type Job } from 'bullmq';
import type { Pool } from 'pg';
import Stripe from 'stripe';
import type { AppConfig } from '../../../backend/src/platform/config/config.schema';
import { StripeRecords } from '../../../backend/src/integrations/stripe/stripe-records';
import { StripeClient } from '../../../backend/src/integrations/stripe/stripe-client';
import { StripeEventHandlers } from '../../../backend/src/integrations/stripe/webhooks/stripe-event-handlers';
import { StripeWebhookLog } from '../../../backend/src/integrations/stripe/webhooks/stripe-webhook-log';
import type { StripeWebhookJob } from '../../../backend/src/integrations/stripe/jobs/stripe-webhook-queue';
import { StripeWebhooksProcessor } from '../../../backend/src/integrations/stripe/jobs/stripe-webhooks.processor';
import type { SiteServer } from '../../support/site-server';
import { callFn, chooseOnHostedCheckout, eventually, freePort, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import { emulatorStripe } from '../../support/emulator-client';
import { testPool } from '../../support/test-events';
import { testOrm } from '../events/support/orm';

// The attack: whoever knows the webhook secret signs any payload they like.
const SECRET = 'whsec_sculpt_local_emulator';
const signer = new Stripe('sk_test_signing_only');

/** Takes the events the emulator sends, so that only what a test delivers reaches the site. */
class WebhookRecorder {
  readonly bodies: string[] = [];
  private server?: Server;

  async start(): Promise<string> {
    const port = await freePort();
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        this.bodies.push(body);
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    return `http://127.0.0.1:${port}/`;
  }

  /** The event of this type the emulator sent about this object. */
  sent(type: string, objectId: string) {
    return eventually(
      async () => this.bodies.map((body) => JSON.parse(body) as StripeEvent).find((event) => event.type === type && event.data.object.id === objectId),
      (found) => found !== undefined,
    ) as Promise<StripeEvent>;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

interface StripeEvent {
  id: string;
  type: string;
  data: { object: Record<string, unknown> & { id: string; metadata?: Record<string, string> } };
}

let site: SiteServer;
let stripe: Stripe;
let pool: Pool;
let queue: Queue;
const recorder = new WebhookRecorder();
beforeAll(async () => {
  site = await startAddressableSite('forged-webhooks', { STRIPE_EMULATOR_WEBHOOK_URL: await recorder.start() });
  stripe = emulatorStripe(site.url);
  pool = testPool(2, site.databaseUrl);
  queue = new Queue('stripe-webhooks', { connection: { url: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/0' }, prefix: site.queuePrefix });
}, 90_000);
afterAll(async () => {
  await queue?.close();
  await pool?.end();
  await site?.stop();
  await recorder.stop();
});

const eventId = () => `evt_${randomBytes(12).toString('hex')}`;

/** Signs and delivers an event as Stripe would; the endpoint keeps it (200) whatever it says. */
async function deliver(event: StripeEvent): Promise<void> {
  const body = JSON.stringify({
    object: 'event',
    api_version: '2025-10-29',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    ...event,
  });
  const response = await fetch(`${site.url}/webhooks/stripe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret: SECRET }) },
    body,
  });
  expect(response.status).toBe(200);
}

/** How the worker's attempt at an event went, once it has made one. */
async function settled(id: string) {
  return eventually(
    async () =>
      (
        await pool.query<{ outcome: string | null; last_error: string | null; attempts: number; handled_at: Date | null }>(
          'select outcome, last_error, attempts, handled_at from stripe_webhook_events where stripe_event_id = $1',
          [id],
        )
      ).rows[0],
    (row) => row?.outcome != null,
  );
}

/**
 * A refused event's job is failed for good: not waiting, not delayed for a retry. The log row is
 * written before the worker throws, so the job is read only once BullMQ has moved it to failed.
 */
async function expectNotRetried(id: string) {
  await eventually(
    async () => (await queue.getJob(id))?.getState(),
    (state) => state === 'failed',
  );
  const job = await queue.getJob(id);
  expect(await job?.getState()).toBe('failed');
  expect(job?.attemptsMade).toBe(1);
}

/** The buyer's events of these types, in the event store (not a projection that might lag). */
async function eventsFor(userId: string, types: string[]): Promise<string[]> {
  const { rows } = await pool.query<{ type: string }>("select type from events where type = any($1) and data->>'userId' = $2 order by position", [
    types,
    userId,
  ]);
  return rows.map((row) => row.type);
}

/** What the buyer was granted, or had moved towards a grant. */
const grantsFor = (userId: string) =>
  eventsFor(userId, ['PurchaseCompleted', 'LicenseGranted', 'ResourceAccessGranted', 'PendingPaymentProcessing', 'PendingPaymentSettled']);

const dashboard = async (cookie: string) => (await callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' })).result;
const sessionIdOf = (url: string) => new URL(url).pathname.split('/').pop()!;

/** A signed-up buyer with a Checkout Session opened the site's way (open, unpaid). */
async function buyerWithOpenSession(email: string, resourceId = 'from-audio-to-notes', quantity = 1) {
  const cookie = await signUpOverHttp(site, email);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity }, { cookie });
  const session = await stripe.checkout.sessions.retrieve(sessionIdOf(started.result.url));
  // Projected a moment later: seen before anything is forged, so "unchanged" compares like with like.
  await eventually(
    () => dashboard(cookie),
    (d) => d.pendingPayments[0]?.status === 'open',
  );
  return { cookie, session, userId: session.metadata!.userId!, url: started.result.url as string };
}

function completed(session: Record<string, unknown> & { id: string }, type = 'checkout.session.completed'): StripeEvent {
  return { id: eventId(), type, data: { object: { object: 'checkout.session', ...session } } };
}

describe('a correctly signed event for a Checkout Session Stripe does not know', () => {
  it('grants nothing, leaves the dashboard as it was, and is recorded failed with its reason, without retries', async () => {
    const { cookie, userId } = await buyerWithOpenSession('forged@example.com');
    const before = await dashboard(cookie);
    const forged = completed({
      id: `cs_test_${randomBytes(29).toString('hex')}`,
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      amount_total: 0,
      currency: 'usd',
      metadata: { checkoutRef: 'chk_forged', userId, resourceId: 'lifetime-license', quantity: '5', email: 'forged@example.com' },
    });
    await deliver(forged);

    expect(await settled(forged.id)).toMatchObject({
      outcome: 'failed',
      last_error: `checkout session ${forged.data.object.id} not found at Stripe`,
      attempts: 1,
      handled_at: null,
    });
    await expectNotRetried(forged.id);
    expect(await grantsFor(userId)).toEqual([]);
    expect(await dashboard(cookie)).toEqual(before);
    expect(before.licenses).toEqual([]);
  });

  it('refuses a refund or a renewal for objects Stripe does not know, by their own reasons', async () => {
    const refund = {
      id: eventId(),
      type: 'charge.refunded',
      data: { object: { id: 'ch_forged', object: 'charge', amount_refunded: 100, refunded: true, payment_intent: 'pi_forged' } },
    };
    const renewal = { id: eventId(), type: 'invoice.paid', data: { object: { id: 'in_forged', object: 'invoice', status: 'paid' } } };
    const nameless = { id: eventId(), type: 'customer.subscription.updated', data: { object: { id: '../v1/customers', object: 'subscription' } } };
    for (const event of [refund, renewal, nameless]) await deliver(event);
    expect(await settled(refund.id)).toMatchObject({ outcome: 'failed', last_error: 'charge ch_forged not found at Stripe' });
    expect(await settled(renewal.id)).toMatchObject({ outcome: 'failed', last_error: 'invoice in_forged not found at Stripe' });
    expect(await settled(nameless.id)).toMatchObject({ outcome: 'failed', last_error: 'the event names no subscription (id "../v1/customers")' });
    for (const event of [refund, renewal, nameless]) await expectNotRetried(event.id);
  });
});

describe('a completed event for an unpaid session', () => {
  it('grants nothing while the session is still open at Stripe, whatever the payload says', async () => {
    const { cookie, session, userId } = await buyerWithOpenSession('still-open@example.com');
    const forged = completed({ ...(session as unknown as Record<string, unknown>), id: session.id, status: 'complete', payment_status: 'paid' });
    await deliver(forged);
    expect(await settled(forged.id)).toMatchObject({ outcome: 'failed', last_error: `checkout session ${session.id}: open at Stripe, not complete` });
    expect(await grantsFor(userId)).toEqual([]);
    expect((await dashboard(cookie)).pendingPayments).toEqual([expect.objectContaining({ status: 'open' })]);
  });

  it('records a payment still processing, not a purchase, when the payload claims a paid one', async () => {
    const { cookie, session, userId, url } = await buyerWithOpenSession('pay-later@example.com');
    expect((await chooseOnHostedCheckout(url, 'pay-later')).status).toBe(303);
    const real = await recorder.sent('checkout.session.completed', session.id);
    const tampered = { ...real, id: eventId(), data: { object: { ...real.data.object, payment_status: 'paid' } } };
    await deliver(tampered);
    expect(await settled(tampered.id)).toMatchObject({ outcome: 'handled' });
    expect(await grantsFor(userId)).toEqual(['PendingPaymentProcessing']);
    const shown = await eventually(
      () => dashboard(cookie),
      (d) => d.pendingPayments[0]?.status === 'processing',
    );
    expect(shown).toMatchObject({ purchases: [], licenses: [], resources: { owned: [] } });
  });
});

describe('a real Checkout Session whose payload was tampered with', () => {
  it('is fulfilled as Stripe has it: its quantity, amount, currency and resource', async () => {
    const { cookie, session, userId, url } = await buyerWithOpenSession('tampered@example.com', 'lifetime-license', 2);
    expect((await chooseOnHostedCheckout(url, 'pay')).status).toBe(303);
    const real = await recorder.sent('checkout.session.completed', session.id);
    const object = real.data.object;
    const tampered = {
      ...real,
      id: eventId(),
      data: { object: { ...object, amount_total: 0, currency: 'eur', metadata: { ...object.metadata, resourceId: 'pro-monthly', quantity: '5' } } },
    };
    await deliver(tampered);
    expect(await settled(tampered.id)).toMatchObject({ outcome: 'handled' });
    await deliver(real);
    expect(await settled(real.id)).toMatchObject({ outcome: 'handled' });

    const owned = await eventually(
      () => dashboard(cookie),
      (d) => d.licenses.length === 1 && d.purchases.length === 1,
    );
    expect(owned.licenses).toEqual([expect.objectContaining({ plan: 'lifetime', seats: 2, title: 'Lifetime license', status: 'active' })]);
    expect(owned.purchases).toEqual([expect.objectContaining({ title: 'Lifetime license', quantity: 2, amountCents: 39_800, status: 'paid' })]);
    expect((await grantsFor(userId)).filter((type) => type === 'LicenseGranted')).toHaveLength(1);
  });
});

describe('a refund or a dispute', () => {
  it('is acted on as Stripe has the charge: a forged full refund of a real charge takes nothing back, a real dispute does', async () => {
    const { cookie, session, url, userId } = await buyerWithOpenSession('disputed@example.com', 'lifetime-license', 1);
    await chooseOnHostedCheckout(url, 'pay');
    await deliver(await recorder.sent('checkout.session.completed', session.id));
    await eventually(
      () => dashboard(cookie),
      (d) => d.licenses[0]?.status === 'active',
    );
    const intent = await stripe.paymentIntents.retrieve(String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent));
    const chargeId = String(intent.latest_charge);

    const forgedRefund = {
      id: eventId(),
      type: 'charge.refunded',
      data: { object: { id: chargeId, object: 'charge', amount: 19_900, amount_refunded: 19_900, refunded: true, payment_intent: intent.id } },
    };
    await deliver(forgedRefund);
    expect(await settled(forgedRefund.id)).toMatchObject({ outcome: 'handled' });
    expect(await eventsFor(userId, ['PurchaseRefunded'])).toEqual([]);
    expect(await dashboard(cookie)).toMatchObject({
      licenses: [expect.objectContaining({ status: 'active' })],
      purchases: [expect.objectContaining({ status: 'paid' })],
    });

    const disputed = await fetch(`${site.url}/_stripe/dev/charges/${chargeId}/dispute`, {
      method: 'POST',
      redirect: 'manual',
      headers: { accept: 'application/json' },
    });
    const { dispute } = (await disputed.json()) as { dispute: { id: string } };
    await deliver(await recorder.sent('charge.dispute.created', dispute.id));
    const revoked = await eventually(
      () => dashboard(cookie),
      (d) => d.licenses[0]?.status === 'revoked',
    );
    expect(revoked.licenses[0]).toMatchObject({ revokedReason: 'dispute' });
    expect(await eventsFor(userId, ['PurchaseRefunded', 'PurchaseDisputed'])).toEqual(['PurchaseDisputed']);
  });
});

describe('a session whose own object at Stripe does not match the catalog', () => {
  /** A session made straight through Stripe's API (as someone holding the API key could), paid on the hosted page. */
  async function paidOffCatalog(email: string, price: { currency: string; unit_amount: number } | 'catalog', lineQuantity: number, metadataQuantity: number) {
    const { userId } = await buyerWithOpenSession(email);
    const [catalogPrice] = (await stripe.prices.list({ lookup_keys: ['sculpt_lifetime-license'] })).data;
    const priceId = price === 'catalog' ? catalogPrice!.id : (await stripe.prices.create({ ...price, product: String(catalogPrice!.product) })).id;
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: priceId, quantity: lineQuantity }],
      success_url: `${site.url}/checkout?status=success`,
      metadata: { checkoutRef: `chk_off_${randomBytes(6).toString('hex')}`, userId, resourceId: 'lifetime-license', quantity: String(metadataQuantity) },
    });
    expect((await chooseOnHostedCheckout(session.url!, 'pay')).status).toBe(303);
    return { userId, event: await recorder.sent('checkout.session.completed', session.id) };
  }

  it.each([
    { name: 'one seat paid, five claimed', price: 'catalog' as const, line: 1, claimed: 5, reason: 'amount 19900 ≠ 19900 × 5' },
    { name: 'a price that is not the catalog’s', price: { currency: 'usd', unit_amount: 100 }, line: 5, claimed: 5, reason: 'amount 500 ≠ 19900 × 5' },
    { name: 'the right amount in another currency', price: { currency: 'eur', unit_amount: 19_900 }, line: 1, claimed: 1, reason: 'currency eur ≠ usd' },
  ])('refuses $name, granting nothing', async ({ price, line, claimed, reason }) => {
    const { userId, event } = await paidOffCatalog(`off-catalog-${randomBytes(4).toString('hex')}@example.com`, price, line, claimed);
    await deliver(event);
    expect(await settled(event.id)).toMatchObject({ outcome: 'failed', last_error: `checkout session ${event.data.object.id}: ${reason}` });
    await expectNotRetried(event.id);
    expect(await grantsFor(userId)).toEqual([]);
  });
});

describe("a subscription whose own price at Stripe is not the catalog's", () => {
  it('grants nothing, whichever of its events comes first', async () => {
    const { userId } = await buyerWithOpenSession('cheap-subscription@example.com');
    const [catalogPrice] = (await stripe.prices.list({ lookup_keys: ['sculpt_pro-monthly'] })).data;
    const cheap = await stripe.prices.create({ currency: 'usd', unit_amount: 100, product: String(catalogPrice!.product), recurring: { interval: 'month' } });
    const metadata = { checkoutRef: `chk_cheap_${randomBytes(6).toString('hex')}`, userId, resourceId: 'pro-monthly', quantity: '1' };
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      line_items: [{ price: cheap.id, quantity: 1 }],
      success_url: `${site.url}/checkout?status=success`,
      metadata,
      subscription_data: { metadata },
    });
    expect((await chooseOnHostedCheckout(session.url!, 'pay')).status).toBe(303);
    const subscriptionId = String((await stripe.checkout.sessions.retrieve(session.id)).subscription);
    const invoiceId = String((await stripe.subscriptions.retrieve(subscriptionId)).latest_invoice);
    const events = [
      await recorder.sent('invoice.paid', invoiceId),
      await recorder.sent('customer.subscription.created', subscriptionId),
      await recorder.sent('checkout.session.completed', session.id),
    ];
    for (const event of events) await deliver(event);

    const mismatch = `amount 100 ≠ ${catalogPrice!.unit_amount} × 1`;
    expect(await settled(events[0]!.id)).toMatchObject({ outcome: 'failed', last_error: `subscription ${subscriptionId}: ${mismatch}` });
    expect(await settled(events[1]!.id)).toMatchObject({ outcome: 'failed', last_error: `subscription ${subscriptionId}: ${mismatch}` });
    expect(await settled(events[2]!.id)).toMatchObject({ outcome: 'failed', last_error: `checkout session ${session.id}: ${mismatch}` });
    expect(await grantsFor(userId)).toEqual([]);
    expect(await eventsFor(userId, ['SubscriptionStarted'])).toEqual([]);
  });
});

describe('Stripe out of reach while an event is verified', () => {
  let orm: MikroORM;
  beforeAll(async () => {
    orm = await testOrm();
  });
  afterAll(() => orm.close(true));

  /** A worker that verifies checkout.session.completed against the Stripe at `url` (the emulator, or nobody). */
  function workerVerifyingAt(url: string) {
    const records = new StripeRecords(new StripeClient({ PUBLIC_URL: url } as AppConfig, () => undefined));
    const handlers = new StripeEventHandlers();
    handlers.on('checkout.session.completed', async (event) => void (await records.checkoutSession((event.payload as StripeEvent).data.object.id)));
    return new StripeWebhooksProcessor(new StripeWebhookLog(orm), handlers);
  }

  async function kept(sessionId: string) {
    const event = completed({ id: sessionId });
    await new StripeWebhookLog(orm).record({ id: event.id, type: event.type, payload: event });
    return { data: { stripeEventId: event.id } } as Job<StripeWebhookJob>;
  }

  it('is an error BullMQ retries, not a refusal; the same unknown session with Stripe reachable is refused for good', async () => {
    const job = await kept('cs_test_unknown_while_down');
    const failure = await workerVerifyingAt(`http://127.0.0.1:${await freePort()}`)
      .process(job)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure).not.toBeInstanceOf(UnrecoverableError);
    const [down] = await orm.em
      .getConnection()
      .execute<{ outcome: string; last_error: string; handled_at: Date | null }[]>(
        'select outcome, last_error, handled_at from stripe_webhook_events where stripe_event_id = ?',
        [job.data.stripeEventId],
      );
    expect(down).toMatchObject({ outcome: 'failed', handled_at: null });
    expect(down!.last_error).not.toContain('not found at Stripe');

    const refusal = await workerVerifyingAt(site.url)
      .process(job)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnrecoverableError);
    expect((refusal as Error).message).toBe('checkout session cs_test_unknown_while_down not found at Stripe');
  }, 30_000);
});
