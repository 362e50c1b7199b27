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
  api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('emuclock') } });
  stripe = emulatorStripe(api.url);
  orm = await testOrm();
});
afterAll(async () => {
  await orm.close(true);
  await api.close();
});

type Json = Record<string, unknown>;
const DAY = 86_400;
const START = Date.UTC(2026, 10, 28, 12) / 1000;

describe('a test clock', () => {
  it('is created, read, listed and deleted with the customers on it, as Stripe shapes it', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START, name: 'lifecycle' });
    expect(clock).toMatchObject({
      object: 'test_helpers.test_clock',
      frozen_time: START,
      name: 'lifecycle',
      status: 'ready',
      livemode: false,
      status_details: {},
    });
    expect(Object.keys(clock).sort()).toEqual(['created', 'deletes_after', 'frozen_time', 'id', 'livemode', 'name', 'object', 'status', 'status_details']);
    expect(await stripe.testHelpers.testClocks.retrieve(clock.id)).toEqual(clock);
    const listed = await stripe.testHelpers.testClocks.list({ limit: 100 });
    expect(listed.data.map((c) => c.id)).toContain(clock.id);
    const customer = await stripe.customers.create({ email: 'clocked@example.com', test_clock: clock.id });
    expect(customer).toMatchObject({ test_clock: clock.id, created: START });

    expect(await stripe.testHelpers.testClocks.del(clock.id)).toEqual({ id: clock.id, object: 'test_helpers.test_clock', deleted: true });
    await expect(stripe.testHelpers.testClocks.retrieve(clock.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(stripe.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses a customer on an unknown clock, an advance backwards, and an advance beyond two periods of its shortest subscription', async () => {
    await expect(stripe.customers.create({ test_clock: 'clock_missing' })).rejects.toMatchObject({ statusCode: 404, param: 'test_clock' });
    const { clock } = await subscribedOnClock('limits@example.com');
    await expect(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START - 1 })).rejects.toMatchObject({ statusCode: 400, param: 'frozen_time' });
    await expect(stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 61 * DAY })).rejects.toMatchObject({
      statusCode: 400,
      param: 'frozen_time',
    });
  });

  it('advanced past a period end: the subscription renews at the clock’s time, with the renewal invoice paid and the webhooks in order', async () => {
    const { clock, subscription } = await subscribedOnClock('renews@example.com');
    expect(subscription).toMatchObject({ test_clock: clock.id, start_date: START });
    const item = subscription.items.data[0]!;
    expect([item.current_period_start, item.current_period_end]).toEqual([START, START + 30 * DAY]);

    const advancing = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 31 * DAY });
    expect(advancing).toMatchObject({ status: 'advancing', frozen_time: START, status_details: { advancing: { target_frozen_time: START + 31 * DAY } } });
    const ready = await untilReady(clock.id);
    expect(ready).toMatchObject({ frozen_time: START + 31 * DAY, status_details: {} });

    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    expect(renewed.status).toBe('active');
    expect(renewed.items.data[0]).toMatchObject({ current_period_start: START + 30 * DAY, current_period_end: START + 60 * DAY });
    const invoice = await stripe.invoices.retrieve(String(renewed.latest_invoice));
    expect(invoice).toMatchObject({
      status: 'paid',
      billing_reason: 'subscription_cycle',
      amount_paid: 1900,
      created: START + 30 * DAY,
      test_clock: clock.id,
      status_transitions: { paid_at: START + 30 * DAY },
      lines: { data: [{ period: { start: START + 30 * DAY, end: START + 60 * DAY } }] },
    });
    const events = await receivedEvents(clock.id, subscription.id, invoice.id, 'test_helpers.test_clock.ready');
    expect(events.map((e) => [e.type, e.created])).toEqual([
      ['test_helpers.test_clock.advancing', START],
      ['customer.subscription.updated', START + 30 * DAY],
      ['invoice.paid', START + 30 * DAY],
      ['test_helpers.test_clock.ready', START + 31 * DAY],
    ]);
  });

  it('advanced with a card that declines: the renewal fails with invoice.payment_failed, is retried while past_due, and canceled after the last attempt', async () => {
    const { clock, subscription } = await subscribedOnClock('declines@example.com', 'pm_card_chargeCustomerFail');
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 30 * DAY + 3600 });
    await untilReady(clock.id);
    const pastDue = await stripe.subscriptions.retrieve(subscription.id);
    expect(pastDue.status).toBe('past_due');
    const invoice = await stripe.invoices.retrieve(String(pastDue.latest_invoice));
    expect(invoice).toMatchObject({
      status: 'open',
      billing_reason: 'subscription_cycle',
      attempt_count: 1,
      amount_remaining: 1900,
      next_payment_attempt: START + 33 * DAY,
    });
    const failed = await receivedEvents(clock.id, subscription.id, invoice.id, 'test_helpers.test_clock.ready');
    expect(failed.map((e) => e.type)).toContain('invoice.payment_failed');
    expect(failed.find((e) => e.type === 'invoice.payment_failed')?.created).toBe(START + 30 * DAY);

    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 34 * DAY });
    await untilReady(clock.id);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'open', attempt_count: 2, next_payment_attempt: START + 36 * DAY });

    // Stripe's default after the last retry fails: the subscription is canceled.
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 40 * DAY });
    await untilReady(clock.id);
    expect(await stripe.invoices.retrieve(invoice.id)).toMatchObject({ status: 'open', attempt_count: 4, next_payment_attempt: null });
    expect(await stripe.subscriptions.retrieve(subscription.id)).toMatchObject({
      status: 'canceled',
      ended_at: START + 39 * DAY,
      cancellation_details: { comment: null, feedback: null, feedback_option: null, reason: 'payment_failed' },
    });
  });

  it('a trial: trialing with a $0 first invoice, warned three days before its end, then charged as the clock passes its end', async () => {
    const { clock, subscription } = await subscribedOnClock('trial@example.com', undefined, 7);
    expect(subscription).toMatchObject({ status: 'trialing', trial_start: START, trial_end: START + 7 * DAY });
    expect(subscription.items.data[0]).toMatchObject({ current_period_start: START, current_period_end: START + 7 * DAY });
    expect(await stripe.invoices.retrieve(String(subscription.latest_invoice))).toMatchObject({
      billing_reason: 'subscription_create',
      status: 'paid',
      amount_paid: 0,
    });

    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 8 * DAY });
    await untilReady(clock.id);
    const active = await stripe.subscriptions.retrieve(subscription.id);
    expect(active.status).toBe('active');
    expect(active.items.data[0]).toMatchObject({ current_period_start: START + 7 * DAY, current_period_end: START + 37 * DAY });
    const invoice = await stripe.invoices.retrieve(String(active.latest_invoice));
    expect(invoice).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', amount_paid: 1900, created: START + 7 * DAY });
    const events = await receivedEvents(clock.id, subscription.id, invoice.id, 'test_helpers.test_clock.ready');
    expect(events.map((e) => [e.type, e.created])).toEqual([
      ['test_helpers.test_clock.advancing', START],
      ['customer.subscription.trial_will_end', START + 4 * DAY],
      ['customer.subscription.updated', START + 7 * DAY],
      ['invoice.paid', START + 7 * DAY],
      ['test_helpers.test_clock.ready', START + 8 * DAY],
    ]);
  });

  it('a plan change on a clocked subscription is prorated at the clock’s time, and a declining card refuses its charge with card_declined', async () => {
    const { clock, subscription, price } = await subscribedOnClock('upgrades@example.com');
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 45 * DAY });
    await untilReady(clock.id);
    const pro = await stripe.prices.create({ currency: 'usd', unit_amount: 3900, product: price.product as string, recurring: { interval: 'month' } });
    const itemId = subscription.items.data[0]!.id;
    const preview = await stripe.invoices.createPreview({
      subscription: subscription.id,
      subscription_details: { items: [{ id: itemId, price: pro.id }], proration_behavior: 'always_invoice' },
    });
    expect(preview.lines.data.map((line) => line.period.start)).toEqual([START + 45 * DAY, START + 45 * DAY]);
    expect(preview.amount_due).toBe(1000);
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: itemId, price: pro.id }],
      proration_behavior: 'always_invoice',
      proration_date: START + 45 * DAY,
    });
    const invoice = await stripe.invoices.retrieve(String(updated.latest_invoice));
    expect(invoice).toMatchObject({ billing_reason: 'subscription_update', status: 'paid', amount_paid: 1000, created: START + 45 * DAY });

    const declining = await subscribedOnClock('declined-upgrade@example.com', 'pm_card_chargeCustomerFail');
    await expect(
      stripe.subscriptions.update(declining.subscription.id, {
        items: [{ id: declining.subscription.items.data[0]!.id, price: pro.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', statusCode: 402, code: 'card_declined' });
  });
});

/** A customer on a new clock at START, subscribed at $19.00 a month through the hosted checkout (whose card pays the first invoice), with a trial if asked. */
async function subscribedOnClock(email: string, card?: 'pm_card_chargeCustomerFail', trialDays?: number) {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START });
  const customer = await stripe.customers.create({
    email,
    test_clock: clock.id,
    ...(card ? { payment_method: card, invoice_settings: { default_payment_method: card } } : {}),
  });
  const product = `prod_clock_${Math.random().toString(36).slice(2, 10)}`;
  const price = await stripe.prices.create({ currency: 'usd', unit_amount: 1900, product, recurring: { interval: 'month' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:3000/s',
    ...(trialDays ? { subscription_data: { trial_period_days: trialDays } } : {}),
  });
  await fetch(`${api.url}/_stripe/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
  const subscription = await stripe.subscriptions.retrieve(String((await stripe.checkout.sessions.retrieve(session.id)).subscription));
  return { clock, customer, subscription, price };
}

/** Polls the clock until it is ready, as Stripe's docs say to (its ready webhook is the other signal). */
async function untilReady(id: string): Promise<Stripe.TestHelpers.TestClock> {
  return eventually(
    `test clock ${id} is ready`,
    () => stripe.testHelpers.testClocks.retrieve(id),
    (clock) => clock.status === 'ready',
    10_000,
    50,
  );
}

/** The events the emulator recorded for these objects, in the order it made them, once one of type `last` is among them. */
async function receivedEvents(...ids: [...string[], string]): Promise<Array<Json & { type: string; created: number }>> {
  const last = ids.at(-1)!;
  const objects = ids.slice(0, -1);
  const rows = await eventually(
    `a ${last} event is recorded`,
    () =>
      orm.em
        .getConnection()
        .execute<{ data: Json & { type: string; created: number } }[]>(
          `select data from stripe_emulator_objects where object = 'event' and data->'data'->'object'->>'id' in (${objects.map(() => '?').join(', ')}) order by created_at, id`,
          objects,
        ),
    (found) => found.some((row) => row.data.type === last),
    10_000,
    100,
  );
  // The checkout's own customer.subscription.created is not the clock's doing.
  return rows.map((row) => row.data).filter((e) => e.type !== 'customer.subscription.created');
}
