import Stripe from 'stripe';
import { uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';
import { emulatorStripe } from '../../support/emulator-client';
import { eventually } from '../../support/waits';

/** Subscriptions with automatic tax: every invoice (first, renewal, upgrade) taxed at the customer's address and tax ids. */
let api: TestApi;
let stripe: Stripe;
beforeAll(async () => {
  api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('emutaxsub') } });
  stripe = emulatorStripe(api.url);
});
afterAll(async () => {
  await api.close();
});

const DAY = 86_400;
const START = Date.UTC(2026, 10, 28, 12) / 1000;

async function subscribe(country: string, form: Record<string, string> = {}) {
  const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START });
  const customer = await stripe.customers.create({ email: `${country.toLowerCase()}@example.com`, test_clock: clock.id });
  const product = `prod_taxsub_${Math.random().toString(36).slice(2, 10)}`;
  const price = await stripe.prices.create({ currency: 'eur', unit_amount: 1900, product, recurring: { interval: 'month' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    customer_update: { address: 'auto', name: 'auto' },
    automatic_tax: { enabled: true },
    tax_id_collection: { enabled: true },
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:3000/s',
  });
  const answer = await fetch(`${api.url}/_stripe/checkout/${session.id}/pay`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ country, line1: '1 Road', city: 'Town', postal_code: '1000', ...form }).toString(),
  });
  expect(answer.status).toBe(303);
  const done = await stripe.checkout.sessions.retrieve(session.id);
  const subscription = await stripe.subscriptions.retrieve(String(done.subscription));
  return { clock, customer, price, session: done, subscription };
}

async function untilReady(id: string) {
  return eventually(
    `test clock ${id} is ready`,
    () => stripe.testHelpers.testClocks.retrieve(id),
    (clock) => clock.status === 'ready',
    10_000,
    50,
  );
}

describe('a subscription with automatic tax', () => {
  it('is started from Checkout with its first invoice taxed, and its renewal taxed at the customer’s address', async () => {
    const { clock, customer, session, subscription } = await subscribe('DE');
    expect(session).toMatchObject({ amount_total: 2261, total_details: { amount_tax: 361 } });
    expect(subscription.automatic_tax).toEqual({ enabled: true, liability: { type: 'self' }, disabled_reason: null });
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ address: { country: 'DE', city: 'Town' } });

    const first = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(first).toMatchObject({
      billing_reason: 'subscription_create',
      status: 'paid',
      subtotal: 1900,
      total_excluding_tax: 1900,
      total: 2261,
      amount_due: 2261,
      amount_paid: 2261,
      automatic_tax: { enabled: true, status: 'complete', liability: { type: 'self' }, provider: 'stripe', disabled_reason: null },
      customer_address: { country: 'DE' },
      customer_tax_ids: [],
    });
    const rateId = first.total_taxes![0]!.tax_rate_details!.tax_rate;
    expect(first.total_taxes).toEqual([
      {
        amount: 361,
        tax_behavior: 'exclusive',
        tax_rate_details: { tax_rate: rateId },
        taxability_reason: 'standard_rated',
        taxable_amount: 1900,
        type: 'tax_rate_details',
      },
    ]);
    expect(first.lines.data[0]!.taxes).toEqual(first.total_taxes);
    expect(await stripe.taxRates.retrieve(rateId)).toMatchObject({ country: 'DE', percentage: 19 });
    const hosted = await fetch(new URL(new URL(first.hosted_invoice_url!).pathname, api.url));
    expect(await hosted.text()).toMatch(/<td>Tax<\/td><td class="amount">€3\.61<\/td>[\s\S]*Amount paid<\/td><td class="amount">€22\.61/);

    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 31 * DAY });
    await untilReady(clock.id);
    const renewed = await stripe.subscriptions.retrieve(subscription.id);
    const renewal = await stripe.invoices.retrieve(String(renewed.latest_invoice));
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', status: 'paid', total: 2261, amount_paid: 2261, total_taxes: [{ amount: 361 }] });
    expect(renewal.lines.data[0]!.taxes).toEqual([expect.objectContaining({ amount: 361, taxability_reason: 'standard_rated' })]);
  });

  it('reverse-charges a business subscriber with a VAT number, and taxes an upgrade’s proration lines', async () => {
    const { customer, price, session, subscription } = await subscribe('AT', { business: 'on', business_name: 'Wien GmbH', tax_id: 'ATU12345678' });
    expect(session).toMatchObject({ amount_total: 1900, total_details: { amount_tax: 0 } });
    const first = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(first).toMatchObject({
      total: 1900,
      customer_tax_ids: [{ type: 'eu_vat', value: 'ATU12345678' }],
      total_taxes: [{ amount: 0, taxability_reason: 'reverse_charge' }],
    });

    // The VAT number removed, the customer is a consumer again: an upgrade's net charge carries Austria's 20%.
    const [taxId] = (await stripe.customers.listTaxIds(customer.id)).data;
    await stripe.customers.deleteTaxId(customer.id, taxId!.id);
    const bigger = await stripe.prices.create({ currency: 'eur', unit_amount: 3900, product: String(price.product), recurring: { interval: 'month' } });
    const item = subscription.items.data[0]!;
    const changed = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: bigger.id }],
      proration_behavior: 'always_invoice',
      proration_date: item.current_period_start,
    });
    const upgrade = await stripe.invoices.retrieve(String(changed.latest_invoice));
    expect(upgrade).toMatchObject({ billing_reason: 'subscription_update', subtotal: 2000, total: 2400, amount_paid: 2400, total_taxes: [{ amount: 400 }] });
    expect(upgrade.lines.data.map((line) => line.taxes![0]!.amount)).toEqual([-380, 780]);
  });

  it('is switched on by a subscription update: the next renewal is taxed at the customer’s address', async () => {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START });
    const customer = await stripe.customers.create({ email: 'nz@example.com', test_clock: clock.id, address: { country: 'NZ', city: 'Wellington' } });
    const price = await stripe.prices.create({ currency: 'nzd', unit_amount: 2000, product: 'prod_taxsub_nz', recurring: { interval: 'month' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://localhost:3000/s',
    });
    await fetch(`${api.url}/_stripe/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    const subscription = await stripe.subscriptions.retrieve(String((await stripe.checkout.sessions.retrieve(session.id)).subscription));
    const first = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(first).toMatchObject({ total: 2000, total_taxes: [], customer_address: { country: 'NZ' } });

    const taxed = await stripe.subscriptions.update(subscription.id, { automatic_tax: { enabled: true } });
    expect(taxed.automatic_tax).toEqual({ enabled: true, liability: { type: 'self' }, disabled_reason: null });
    await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: START + 31 * DAY });
    await untilReady(clock.id);
    const renewal = await stripe.invoices.retrieve(String((await stripe.subscriptions.retrieve(subscription.id)).latest_invoice));
    expect(renewal).toMatchObject({ billing_reason: 'subscription_cycle', total: 2300, amount_paid: 2300, total_taxes: [{ amount: 300 }] });
  });
});
