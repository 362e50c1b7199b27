import type { MikroORM } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import { uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';
import { testOrm } from '../events/support/orm';
import { emulatorStripe } from '../../support/emulator-client';
import { eventually } from '../../support/waits';

let api: TestApi;
let stripe: Stripe;
let orm: MikroORM;
beforeAll(async () => {
  api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('checkout') } });
  stripe = emulatorStripe(api.url);
  orm = await testOrm();
});
afterAll(async () => {
  await orm.close(true);
  await api.close();
});

async function openSession(mode: 'payment' | 'subscription' = 'payment', extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: mode === 'payment' ? 19900 : 1900,
    product: 'prod_lifetime',
    ...(mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
  });
  return stripe.checkout.sessions.create({
    mode,
    line_items: [{ price: price.id, quantity: mode === 'payment' ? 3 : 1 }],
    success_url: 'http://localhost:3000/checkout?status=success&session={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/checkout?status=cancelled',
    customer_email: 'buyer@example.com',
    metadata: { resourceId: 'lifetime-license' },
    ...extra,
  });
}

const choose = (sessionId: string, choice: string, form: Record<string, string> = {}) =>
  fetch(`${api.url}/_stripe/checkout/${sessionId}/${choice}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });

/** Waits for the site's webhook endpoint to have kept (after verifying its signature) an event of this type for this object. */
async function receivedEvent(type: string, objectId: string): Promise<Record<string, unknown>> {
  const [row] = await eventually(
    `a ${type} for ${objectId} reached /webhooks/stripe`,
    () =>
      orm.em
        .getConnection()
        .execute<{ payload: Record<string, unknown> }[]>("select payload from stripe_webhook_events where type = ? and payload->'data'->'object'->>'id' = ?", [
          type,
          objectId,
        ]),
    (rows) => rows.length > 0,
    10_000,
    100,
  );
  return row!.payload;
}

describe('the emulator’s hosted checkout page', () => {
  it('shows the session with its choices', async () => {
    const session = await openSession();
    const page = await fetch(session.url!.replace('http://localhost:3000', api.url));
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain('Pay $597.00');
    expect(body).toContain('Decline the card');
    expect(body).toContain('Pay later (bank transfer)');
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
  });

  it('pays: the session completes as paid, the browser goes to the success URL, and a signed checkout.session.completed reaches the site', async () => {
    const session = await openSession();
    const paid = await choose(session.id, 'pay', { email: 'payer@example.com' });
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:3000/checkout?status=success&session=${session.id}`);
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after).toMatchObject({ status: 'complete', payment_status: 'paid', customer_details: { email: 'payer@example.com' } });
    expect(after.customer).toMatch(/^cus_/);
    expect(after.payment_intent).toMatch(/^pi_/);
    const event = await receivedEvent('checkout.session.completed', session.id);
    expect(event).toMatchObject({
      object: 'event',
      type: 'checkout.session.completed',
      data: { object: { id: session.id, payment_status: 'paid', metadata: { resourceId: 'lifetime-license' } } },
    });
    expect((await choose(session.id, 'pay')).status).toBe(409);
  });

  it('declines: the session stays open and nothing is sent', async () => {
    const session = await openSession();
    const declined = await choose(session.id, 'decline');
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain('Your card was declined.');
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('pays later: complete but unpaid, then the settlement sends async_payment_succeeded', async () => {
    const session = await openSession();
    expect((await choose(session.id, 'pay-later')).status).toBe(303);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toMatchObject({ status: 'complete', payment_status: 'unpaid' });
    await receivedEvent('checkout.session.completed', session.id);
    expect((await choose(session.id, 'settle')).status).toBe(200);
    expect(await receivedEvent('checkout.session.async_payment_succeeded', session.id)).toMatchObject({ data: { object: { payment_status: 'paid' } } });
  });

  it('fails a pending payment with async_payment_failed', async () => {
    const session = await openSession();
    await choose(session.id, 'pay-later');
    await choose(session.id, 'fail-payment');
    expect(await receivedEvent('checkout.session.async_payment_failed', session.id)).toMatchObject({ data: { object: { payment_status: 'unpaid' } } });
  });

  it('cancel goes back to the cancel URL and leaves the session open', async () => {
    const session = await openSession();
    const cancelled = await choose(session.id, 'cancel');
    expect([cancelled.status, cancelled.headers.get('location')]).toEqual([303, 'http://localhost:3000/checkout?status=cancelled']);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });

  it('subscribes: a subscription is created for the customer and both events reach the site', async () => {
    const session = await openSession('subscription');
    expect((await choose(session.id, 'pay')).status).toBe(303);
    const after = await stripe.checkout.sessions.retrieve(session.id);
    expect(after.subscription).toMatch(/^sub_/);
    const created = await receivedEvent('customer.subscription.created', String(after.subscription));
    expect(created).toMatchObject({
      data: { object: { status: 'active', customer: after.customer, items: { data: [{ quantity: 1, price: { unit_amount: 1900 } }] } } },
    });
    await receivedEvent('checkout.session.completed', session.id);
  });

  it('gives the payment intent payment_intent_data.metadata, else the session’s metadata', async () => {
    const withIntentData = await openSession('payment', { payment_intent_data: { metadata: { orderId: 'order_1' } } });
    const plain = await openSession();
    await choose(withIntentData.id, 'pay');
    await choose(plain.id, 'pay');
    const intentOf = async (id: string) => stripe.paymentIntents.retrieve(String((await stripe.checkout.sessions.retrieve(id)).payment_intent));
    expect((await intentOf(withIntentData.id)).metadata).toEqual({ orderId: 'order_1' });
    expect((await intentOf(plain.id)).metadata).toEqual({ resourceId: 'lifetime-license' });
  });

  it('gives the subscription subscription_data.metadata, else the session’s metadata', async () => {
    const withSubscriptionData = await openSession('subscription', { subscription_data: { metadata: { plan: 'pro' } } });
    await choose(withSubscriptionData.id, 'pay');
    const subscriptionId = String((await stripe.checkout.sessions.retrieve(withSubscriptionData.id)).subscription);
    expect(await receivedEvent('customer.subscription.created', subscriptionId)).toMatchObject({ data: { object: { metadata: { plan: 'pro' } } } });
    const plain = await openSession('subscription');
    await choose(plain.id, 'pay');
    const plainId = String((await stripe.checkout.sessions.retrieve(plain.id)).subscription);
    expect(await receivedEvent('customer.subscription.created', plainId)).toMatchObject({ data: { object: { metadata: { resourceId: 'lifetime-license' } } } });
  });

  it('answers 404 for an unknown session', async () => {
    expect((await fetch(`${api.url}/_stripe/checkout/cs_test_nope`)).status).toBe(404);
  });
});
