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
  api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('emudev') } });
  stripe = emulatorStripe(api.url);
  orm = await testOrm();
});
afterAll(async () => {
  await orm.close(true);
  await api.close();
});

type Json = Record<string, unknown>;
const shapedLike = expectShapedLike;

async function subscribed(): Promise<Stripe.Subscription> {
  const price = await stripe.prices.create({ currency: 'usd', unit_amount: 1900, product: 'prod_dev', recurring: { interval: 'month' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:3000/s',
    customer_email: 'dev@example.com',
    metadata: { resourceId: 'pro-monthly' },
  });
  await fetch(`${api.url}/_stripe/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
  return stripe.subscriptions.retrieve(String((await stripe.checkout.sessions.retrieve(session.id)).subscription));
}

async function paidCharge(): Promise<Stripe.Charge> {
  const price = await stripe.prices.create({ currency: 'usd', unit_amount: 4900, product: 'prod_dev' });
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:3000/s',
  });
  await fetch(`${api.url}/_stripe/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
  const intent = await stripe.paymentIntents.retrieve(String((await stripe.checkout.sessions.retrieve(session.id)).payment_intent));
  return stripe.charges.retrieve(String(intent.latest_charge));
}

const trigger = async (path: string, headers: Record<string, string> = { accept: 'application/json' }) =>
  fetch(`${api.url}/_stripe/dev/${path}`, { method: 'POST', redirect: 'manual', headers });
const triggerJson = async (path: string) => {
  const response = await trigger(path);
  return { status: response.status, body: (await response.json()) as Json & { ok: boolean } };
};

/** Waits for the site's webhook endpoint to have kept an event of this type for this object (whose payload contains `matching`). */
async function receivedEvent(type: string, objectId: string, matching: Json = {}): Promise<Json & { data: { object: Json; previous_attributes?: Json } }> {
  const [row] = await eventually(
    `a ${type} for ${objectId} reached /webhooks/stripe`,
    () =>
      orm.em
        .getConnection()
        .execute<{ payload: Json & { data: { object: Json } } }[]>(
          "select payload from stripe_webhook_events where type = ? and payload->'data'->'object'->>'id' = ? and payload @> ?::jsonb",
          [type, objectId, JSON.stringify(matching)],
        ),
    (rows) => rows.length > 0,
    10_000,
    100,
  );
  return row!.payload;
}

describe('the dev trigger page', () => {
  it('lists recent subscriptions and paid charges with their buttons, on a page that cannot be framed', async () => {
    const [subscription, charge] = [await subscribed(), await paidCharge()];
    const page = await fetch(`${api.url}/_stripe/dev`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const body = await page.text();
    expect(body).toContain('name="viewport"');
    for (const text of [
      subscription.id,
      charge.id,
      'Renew now',
      'Fail renewal',
      'Cancel',
      'Refund',
      'Dispute',
      `action="/_stripe/dev/subscriptions/${subscription.id}/renew"`,
      `action="/_stripe/dev/charges/${charge.id}/refund"`,
    ])
      expect(body).toContain(text);
  });

  it('renews: the next period is invoiced and paid, with invoice.paid and customer.subscription.updated', async () => {
    const subscription = await subscribed();
    const before = subscription.items.data[0]!;
    const { status, body } = await triggerJson(`subscriptions/${subscription.id}/renew`);
    expect([status, body.ok]).toEqual([200, true]);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    const item = renewed.items.data[0]!;
    expect([item.current_period_start, item.current_period_end]).toEqual([before.current_period_end, before.current_period_end + 30 * 86_400]);
    const invoice = await stripe.invoices.retrieve(String(renewed.latest_invoice));
    expect(invoice.id).not.toBe(subscription.latest_invoice);
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_paid: 1900,
      lines: { data: [{ period: { start: before.current_period_end, end: item.current_period_end } }] },
      parent: { subscription_details: { subscription: subscription.id, metadata: { resourceId: 'pro-monthly' } } },
    });
    expect(body.invoice).toMatchObject({ id: invoice.id });
    shapedLike((await receivedEvent('invoice.paid', invoice.id)).data.object, 'invoice');
    const updated = await receivedEvent('customer.subscription.updated', subscription.id, { data: { object: { latest_invoice: invoice.id } } });
    shapedLike(updated.data.object, 'subscription');
    expect(updated.data.previous_attributes).toMatchObject({ latest_invoice: subscription.latest_invoice });
  });

  it('fails a renewal from the form: 303 back with a notice, an open invoice attempted once, past_due, then paid on the hosted invoice page', async () => {
    const subscription = await subscribed();
    const failed = await trigger(`subscriptions/${subscription.id}/fail-renewal`, {});
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toMatch(/^\/_stripe\/dev\?notice=.*past_due/);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id);
    expect(pastDue.status).toBe('past_due');
    const invoice = await stripe.invoices.retrieve(String(pastDue.latest_invoice));
    expect(invoice).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_cycle',
      attempt_count: 1,
      attempted: true,
      amount_due: 1900,
      amount_paid: 0,
      amount_remaining: 1900,
      next_payment_attempt: expect.any(Number),
      hosted_invoice_url: `http://localhost:3000/_stripe/invoice/${invoice.id}`,
    });
    shapedLike((await receivedEvent('invoice.payment_failed', invoice.id)).data.object, 'invoice');
    await receivedEvent('customer.subscription.updated', subscription.id, { data: { object: { status: 'past_due' } } });

    const page = await fetch(`${api.url}/_stripe/invoice/${invoice.id}`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay $19.00');
    const paid = await fetch(`${api.url}/_stripe/invoice/${invoice.id}/pay`, { method: 'POST' });
    expect(paid.status).toBe(200);
    expect(await paid.text()).toContain('Payment succeeded');
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({
      status: 'paid',
      amount_paid: 1900,
      amount_remaining: 0,
      attempt_count: 2,
      next_payment_attempt: null,
    });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    await receivedEvent('invoice.paid', invoice.id);
    expect(
      (
        await receivedEvent('customer.subscription.updated', subscription.id, {
          data: { object: { status: 'active' }, previous_attributes: { status: 'past_due' } },
        })
      ).data.object,
    ).toMatchObject({ latest_invoice: invoice.id });
    expect((await fetch(`${api.url}/_stripe/invoice/${invoice.id}/pay`, { method: 'POST' })).status).toBe(409);
  });

  it('renews and fails renewals by running the customer’s test clock to the period end; a past_due one is retried at its next attempt', async () => {
    const subscription = await subscribed();
    const periodEnd = subscription.items.data[0]!.current_period_end;
    const { body } = await triggerJson(`subscriptions/${subscription.id}/fail-renewal`);
    const clock = await stripe.testHelpers.testClocks.retrieve(String((await stripe.subscriptions.retrieve(subscription.id)).test_clock));
    expect(clock).toMatchObject({ status: 'ready', frozen_time: periodEnd });
    const invoice = body.invoice as Json & { id: string; next_payment_attempt: number };
    expect(invoice.next_payment_attempt).toBe(periodEnd + 3 * 86_400);
    const page = await (await fetch(`${api.url}/_stripe/dev`)).text();
    expect(page).toContain(`action="/_stripe/dev/subscriptions/${subscription.id}/retry-payment"`);

    const retried = await triggerJson(`subscriptions/${subscription.id}/retry-payment`);
    expect(retried).toMatchObject({ status: 200, body: { ok: true, subscription: { status: 'past_due' } } });
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'open', attempt_count: 2, next_payment_attempt: periodEnd + 6 * 86_400 });
    expect((await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time).toBe(periodEnd + 3 * 86_400);
    await receivedEvent('invoice.payment_failed', invoice.id, { data: { object: { attempt_count: 2 } } });
  });

  it('cancels: canceled now, with customer.subscription.deleted; renewing it is then refused', async () => {
    const subscription = await subscribed();
    const { body } = await triggerJson(`subscriptions/${subscription.id}/cancel`);
    expect(body).toMatchObject({
      ok: true,
      subscription: { id: subscription.id, status: 'canceled', canceled_at: expect.any(Number), ended_at: expect.any(Number) },
    });
    await receivedEvent('customer.subscription.deleted', subscription.id);
    expect(await triggerJson(`subscriptions/${subscription.id}/renew`)).toMatchObject({
      status: 400,
      body: { ok: false, error: { type: 'invalid_request_error' } },
    });
  });

  it('renewing a subscription set to cancel at period end ends it', async () => {
    const subscription = await subscribed();
    await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true });
    const { body } = await triggerJson(`subscriptions/${subscription.id}/renew`);
    expect(body).toMatchObject({ ok: true, subscription: { status: 'canceled', ended_at: subscription.items.data[0]!.current_period_end } });
    await receivedEvent('customer.subscription.deleted', subscription.id);
  });

  it('refunds a charge in full with charge.refunded; a second refund is refused with charge_already_refunded', async () => {
    const charge = await paidCharge();
    const { body } = await triggerJson(`charges/${charge.id}/refund`);
    expect(body).toMatchObject({
      ok: true,
      refund: { object: 'refund', amount: 4900, charge: charge.id, status: 'succeeded' },
      charge: { id: charge.id, refunded: true, amount_refunded: 4900 },
    });
    shapedLike(body.refund, 'refund');
    const event = await receivedEvent('charge.refunded', charge.id);
    expect(event.data.object).toMatchObject({ refunded: true, amount_refunded: 4900 });
    expect(await triggerJson(`charges/${charge.id}/refund`)).toMatchObject({ status: 400, body: { ok: false, error: { code: 'charge_already_refunded' } } });
  });

  it('disputes a charge: a dispute that needs a response, with charge.dispute.created; the charge cannot then be refunded', async () => {
    const charge = await paidCharge();
    const { body } = await triggerJson(`charges/${charge.id}/dispute`);
    expect(body).toMatchObject({
      ok: true,
      dispute: { object: 'dispute', status: 'needs_response', charge: charge.id, amount: 4900, payment_intent: charge.payment_intent },
      charge: { disputed: true },
    });
    shapedLike(body.dispute, 'dispute');
    const event = await receivedEvent('charge.dispute.created', String((body.dispute as Json).id));
    shapedLike(event.data.object, 'dispute');
    expect((await stripe.charges.retrieve(charge.id)).disputed).toBe(true);
    await expect(stripe.refunds.create({ charge: charge.id })).rejects.toMatchObject({ statusCode: 400, code: 'charge_disputed' });
  });

  it('refuses a POST from another site, and unknown ids and triggers', async () => {
    const subscription = await subscribed();
    expect((await trigger(`subscriptions/${subscription.id}/cancel`, { origin: 'https://evil.example', accept: 'application/json' })).status).toBe(403);
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('active');
    expect(await triggerJson('subscriptions/sub_missing/renew')).toMatchObject({ status: 404, body: { ok: false, error: { code: 'resource_missing' } } });
    expect(await triggerJson('charges/ch_missing/refund')).toMatchObject({ status: 404, body: { ok: false, error: { code: 'resource_missing' } } });
    expect((await triggerJson(`subscriptions/${subscription.id}/explode`)).status).toBe(404);
    expect((await fetch(`${api.url}/_stripe/invoice/in_missing`)).status).toBe(404);
  });
});

describe('the billing portal page', () => {
  it('lists the customer’s subscriptions, cancels one at period end or now, and links back to return_url', async () => {
    const subscription = await subscribed();
    const portal = await stripe.billingPortal.sessions.create({ customer: String(subscription.customer), return_url: 'http://localhost:3000/dashboard' });
    const path = `/_stripe/billing/${portal.id}`;
    const page = await fetch(`${api.url}${path}`);
    const body = await page.text();
    expect(page.status).toBe(200);
    for (const text of ['Cancel at period end', 'Cancel now', 'href="http://localhost:3000/dashboard"', '$19.00']) expect(body).toContain(text);

    const later = await fetch(`${api.url}${path}/subscriptions/${subscription.id}/cancel-at-period-end`, { method: 'POST', redirect: 'manual' });
    expect([later.status, later.headers.get('location')]).toEqual([303, path]);
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({ status: 'active', cancel_at_period_end: true });
    await receivedEvent('customer.subscription.updated', subscription.id, { data: { object: { cancel_at_period_end: true } } });
    expect(await (await fetch(`${api.url}${path}`)).text()).toContain('Keep subscription');

    await fetch(`${api.url}${path}/subscriptions/${subscription.id}/cancel-now`, { method: 'POST', redirect: 'manual' });
    expect((await stripe.subscriptions.retrieve(subscription.id)).status).toBe('canceled');
    await receivedEvent('customer.subscription.deleted', subscription.id);
  });

  it('acts only on its own customer’s subscriptions', async () => {
    const [mine, theirs] = [await subscribed(), await subscribed()];
    const portal = await stripe.billingPortal.sessions.create({ customer: String(mine.customer) });
    const response = await fetch(`${api.url}/_stripe/billing/${portal.id}/subscriptions/${theirs.id}/cancel-now`, { method: 'POST', redirect: 'manual' });
    expect(response.status).toBe(404);
    expect((await stripe.subscriptions.retrieve(theirs.id)).status).toBe('active');
    expect((await fetch(`${api.url}/_stripe/billing/bps_missing`)).status).toBe(404);
  });
});
