import type { MikroORM } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import { uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';
import { testOrm } from '../events/support/orm';
import { emulatorStripe, expectShapedLike } from '../../support/emulator-client';
import { eventually } from '../../support/waits';

let api: TestApi;
let stripe: Stripe;
let orm: MikroORM;
beforeAll(async () => {
  api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('emubilling') } });
  stripe = emulatorStripe(api.url);
  orm = await testOrm();
});
afterAll(async () => {
  await orm.close(true);
  await api.close();
});

type Json = Record<string, unknown>;
const shapedLike = expectShapedLike;

async function paidCheckout(mode: 'payment' | 'subscription', extra: Partial<Stripe.Checkout.SessionCreateParams> = {}, choice = 'pay') {
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: mode === 'payment' ? 4900 : 1900,
    product: 'prod_billing',
    ...(mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
  });
  const session = await stripe.checkout.sessions.create({
    mode,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:3000/checkout?status=success',
    customer_email: 'payer@example.com',
    metadata: { resourceId: 'pro-monthly' },
    ...extra,
  });
  const answer = await fetch(`${api.url}/_stripe/checkout/${session.id}/${choice}`, { method: 'POST', redirect: 'manual' });
  expect(answer.status).toBe(303);
  return stripe.checkout.sessions.retrieve(session.id);
}

/** Waits for the site's webhook endpoint to have kept an event of this type for this object. */
async function receivedEvent(type: string, objectId: string): Promise<Json & { data: { object: Json; previous_attributes?: Json } }> {
  const [row] = await eventually(
    `a ${type} for ${objectId} reached /webhooks/stripe`,
    () =>
      orm.em
        .getConnection()
        .execute<{ payload: Json & { data: { object: Json } } }[]>(
          "select payload from stripe_webhook_events where type = ? and payload->'data'->'object'->>'id' = ?",
          [type, objectId],
        ),
    (rows) => rows.length > 0,
    10_000,
    100,
  );
  return row!.payload;
}

/** The event types the emulator recorded for these objects, in the order it recorded them. */
async function recordedTypes(objectIds: string[]): Promise<string[]> {
  const rows = await orm.em
    .getConnection()
    .execute<{ type: string }[]>(
      "select data->>'type' as type from stripe_emulator_objects where object = 'event' and data->'data'->'object'->>'id' in (?) order by created_at",
      [objectIds],
    );
  return rows.map((row) => row.type);
}

async function objectsOf(object: string, match: Json): Promise<Json[]> {
  const rows = await orm.em
    .getConnection()
    .execute<{ data: Json }[]>('select data from stripe_emulator_objects where object = ? and data @> ?::jsonb order by created_at', [
      object,
      JSON.stringify(match),
    ]);
  return rows.map((row) => row.data);
}

describe('checkout completion makes what Stripe makes', () => {
  it('subscription mode: a paid first invoice with a charge, and invoice.paid after the session and subscription events', async () => {
    const session = await paidCheckout('subscription', { subscription_data: { metadata: { plan: 'pro' } } });
    const subscription = await stripe.subscriptions.retrieve(String(session.subscription));
    shapedLike(subscription, 'subscription');
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    shapedLike(invoice, 'invoice');
    shapedLike(invoice.lines.data[0], 'line_item');
    const item = subscription.items.data[0]!;
    expect(invoice).toMatchObject({
      object: 'invoice',
      status: 'paid',
      billing_reason: 'subscription_create',
      customer: session.customer,
      amount_due: 1900,
      amount_paid: 1900,
      amount_remaining: 0,
      currency: 'usd',
      parent: { type: 'subscription_details', subscription_details: { subscription: subscription.id, metadata: { plan: 'pro' } } },
      hosted_invoice_url: `http://localhost:3000/_stripe/invoice/${invoice.id}`,
      lines: {
        data: [
          {
            amount: 1900,
            quantity: 1,
            period: { start: item.current_period_start, end: item.current_period_end },
            pricing: { price_details: { price: item.price.id } },
          },
        ],
      },
    });
    expect(invoice.status_transitions.paid_at).toEqual(expect.any(Number));
    const [charge] = await objectsOf('charge', { customer: session.customer, amount: 1900 });
    shapedLike(charge, 'charge');
    expect(charge).toMatchObject({ status: 'succeeded', paid: true, captured: true, description: 'Subscription creation' });
    expect((await stripe.paymentIntents.retrieve(String(charge!.payment_intent))).latest_charge).toBe(charge!.id);

    const paidEvent = await receivedEvent('invoice.paid', invoice.id);
    shapedLike(paidEvent.data.object, 'invoice');
    await receivedEvent('customer.subscription.created', subscription.id);
    expect(await recordedTypes([session.id, subscription.id, invoice.id])).toEqual([
      'checkout.session.completed',
      'customer.subscription.created',
      'invoice.paid',
    ]);
  });

  it('payment mode: the payment intent’s latest_charge is a succeeded charge shaped like Stripe’s', async () => {
    const session = await paidCheckout('payment', { payment_intent_data: { metadata: { orderId: 'o_1' } } });
    const intent = await stripe.paymentIntents.retrieve(String(session.payment_intent));
    shapedLike(intent, 'payment_intent');
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    shapedLike(charge, 'charge');
    expect(charge).toMatchObject({
      object: 'charge',
      payment_intent: intent.id,
      amount: 4900,
      amount_captured: 4900,
      amount_refunded: 0,
      captured: true,
      paid: true,
      refunded: false,
      disputed: false,
      status: 'succeeded',
      customer: session.customer,
      metadata: { orderId: 'o_1' },
    });
  });

  it('pay later: the charge comes with the settlement', async () => {
    const session = await paidCheckout('payment', {}, 'pay-later');
    expect((await stripe.paymentIntents.retrieve(String(session.payment_intent))).latest_charge).toBeNull();
    expect((await fetch(`${api.url}/_stripe/checkout/${session.id}/settle`, { method: 'POST' })).status).toBe(200);
    const intent = await stripe.paymentIntents.retrieve(String(session.payment_intent));
    expect(intent).toMatchObject({ status: 'succeeded', amount_received: 4900 });
    expect(await stripe.charges.retrieve(String(intent.latest_charge))).toMatchObject({ paid: true, amount: 4900 });
  });
});

describe('subscriptions through the REST API', () => {
  it('sets cancel_at_period_end and metadata, with customer.subscription.updated and its previous attributes', async () => {
    const session = await paidCheckout('subscription');
    const id = String(session.subscription);
    const updated = await stripe.subscriptions.update(id, { cancel_at_period_end: true, metadata: { note: 'leaving' } });
    expect(updated).toMatchObject({
      cancel_at_period_end: true,
      cancel_at: updated.items.data[0]!.current_period_end,
      status: 'active',
      metadata: { resourceId: 'pro-monthly', note: 'leaving' },
      cancellation_details: { reason: 'cancellation_requested' },
    });
    const event = await receivedEvent('customer.subscription.updated', id);
    shapedLike(event.data.object, 'subscription');
    expect(event.data.previous_attributes).toMatchObject({ cancel_at_period_end: false, cancel_at: null });
    expect((await stripe.subscriptions.update(id, { cancel_at_period_end: false })).cancel_at).toBeNull();
  });

  it('cancels now: canceled with canceled_at and ended_at, customer.subscription.deleted, and a second cancel refused', async () => {
    const session = await paidCheckout('subscription');
    const id = String(session.subscription);
    const canceled = await stripe.subscriptions.cancel(id);
    expect(canceled).toMatchObject({ id, status: 'canceled', canceled_at: expect.any(Number), ended_at: expect.any(Number) });
    expect(await stripe.subscriptions.retrieve(id)).toMatchObject({ status: 'canceled' });
    shapedLike((await receivedEvent('customer.subscription.deleted', id)).data.object, 'subscription');
    await expect(stripe.subscriptions.cancel(id)).rejects.toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    await expect(stripe.subscriptions.update(id, { cancel_at_period_end: true })).rejects.toMatchObject({ statusCode: 400 });
  });
});

describe('refunds', () => {
  it('refunds part, then the rest; the charge is refunded in full, charge.refunded is sent each time, and a further refund is refused', async () => {
    const session = await paidCheckout('payment');
    const intent = await stripe.paymentIntents.retrieve(String(session.payment_intent));
    const part = await stripe.refunds.create({ payment_intent: intent.id, amount: 900, reason: 'requested_by_customer' });
    shapedLike(part, 'refund');
    expect(part).toMatchObject({
      object: 'refund',
      amount: 900,
      charge: intent.latest_charge,
      payment_intent: intent.id,
      status: 'succeeded',
      currency: 'usd',
      reason: 'requested_by_customer',
    });
    expect(await stripe.charges.retrieve(String(intent.latest_charge))).toMatchObject({ amount_refunded: 900, refunded: false });
    await expect(stripe.refunds.create({ charge: String(intent.latest_charge), amount: 4500 })).rejects.toMatchObject({ statusCode: 400, param: 'amount' });
    const rest = await stripe.refunds.create({ charge: String(intent.latest_charge) });
    expect(rest.amount).toBe(4000);
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    expect(charge).toMatchObject({ amount_refunded: 4900, refunded: true });
    const event = await receivedEvent('charge.refunded', charge.id);
    shapedLike(event.data.object, 'charge');
    await expect(stripe.refunds.create({ payment_intent: intent.id })).rejects.toMatchObject({ statusCode: 400, code: 'charge_already_refunded' });
  });

  it('refuses a refund of nothing in particular, of an unknown charge or payment intent', async () => {
    await expect(stripe.refunds.create({})).rejects.toMatchObject({ statusCode: 400 });
    await expect(stripe.refunds.create({ charge: 'ch_missing' })).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', param: 'charge' });
    await expect(stripe.refunds.create({ payment_intent: 'pi_missing' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'payment_intent',
    });
  });
});

describe('the billing portal', () => {
  it('opens a session for a customer, with a hosted page', async () => {
    const customer = await stripe.customers.create({ email: 'portal@example.com' });
    const session = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:3000/dashboard' });
    shapedLike(session, 'billing_portal.session');
    expect(session).toMatchObject({ object: 'billing_portal.session', customer: customer.id, return_url: 'http://localhost:3000/dashboard', livemode: false });
    expect(session.url).toBe(`http://localhost:3000/_stripe/billing/${session.id}`);
    await expect(stripe.billingPortal.sessions.create({ customer: 'cus_missing' })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'customer',
    });
    await expect(stripe.billingPortal.sessions.create({} as never)).rejects.toMatchObject({ statusCode: 400, param: 'customer' });
  });
});

describe('unknown ids', () => {
  it.each([
    ['subscription', () => stripe.subscriptions.retrieve('sub_missing')],
    ['subscription update', () => stripe.subscriptions.update('sub_missing', { metadata: { a: 'b' } })],
    ['subscription cancel', () => stripe.subscriptions.cancel('sub_missing')],
    ['invoice', () => stripe.invoices.retrieve('in_missing')],
    ['charge', () => stripe.charges.retrieve('ch_missing')],
    ['payment intent', () => stripe.paymentIntents.retrieve('pi_missing')],
  ])('%s: resource_missing, 404', async (_name, call) => {
    await expect(call()).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing', type: 'StripeInvalidRequestError' });
  });
});
