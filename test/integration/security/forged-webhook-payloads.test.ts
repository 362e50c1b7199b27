import { randomBytes } from 'node:crypto';
import type { MikroORM } from '@mikro-orm/postgresql';
import { UnrecoverableError, type Job } from 'bullmq';
import type { AppConfig } from '../../../backend/src/platform/config/config.schema';
import { StripeRecords } from '../../../backend/src/integrations/stripe/stripe-records';
import { StripeClient } from '../../../backend/src/integrations/stripe/stripe-client';
import { StripeEventHandlers } from '../../../backend/src/integrations/stripe/webhooks/stripe-event-handlers';
import { StripeWebhookLog } from '../../../backend/src/integrations/stripe/webhooks/stripe-webhook-log';
import type { StripeWebhookJob } from '../../../backend/src/integrations/stripe/jobs/stripe-webhook-queue';
import { StripeWebhooksProcessor } from '../../../backend/src/integrations/stripe/jobs/stripe-webhooks.processor';
import { chooseOnHostedCheckout, eventually, freePort } from '../../support/site-client';
import { testOrm } from '../events/support/orm';
import { completed, eventId, type StripeEvent, useForgedWebhooksSite } from './support/forged-webhooks-harness';

// A correctly signed event is only a hint: what the site grants, refunds or revokes is what Stripe's own record says.
const harness = useForgedWebhooksSite('forged-webhook-payloads');
const { recorder, deliver, settled, expectNotRetried, eventsFor, grantsFor, dashboard, buyerWithOpenSession } = harness;

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
    const intent = await harness.stripe.paymentIntents.retrieve(String((await harness.stripe.checkout.sessions.retrieve(session.id)).payment_intent));
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

    const disputed = await fetch(`${harness.site.url}/_stripe/dev/charges/${chargeId}/dispute`, {
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

    const refusal = await workerVerifyingAt(harness.site.url)
      .process(job)
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(UnrecoverableError);
    expect((refusal as Error).message).toBe('checkout session cs_test_unknown_while_down not found at Stripe');
  }, 30_000);
});
