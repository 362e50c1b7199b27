import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { emulatorStripe } from '../../support/emulator-client';
import { startTestApi, type TestApi } from '../../support/test-api';

let api: TestApi;
let stripe: Stripe;
beforeAll(async () => {
  api = await startTestApi();
  stripe = emulatorStripe(api.url);
});
afterAll(() => api.close());

const pageText = async (url: string) =>
  (await (await fetch(url)).text()).replaceAll('&amp;', '&').replaceAll('&#39;', "'").replaceAll('&quot;', '"').replaceAll('&#x27;', "'");

describe('the hosted invoice and the customer portal', () => {
  it('name the plan by its product, never by its prod_ id', async () => {
    const [product] = (await stripe.products.list({ limit: 1 })).data;
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 1500, product: product!.id, recurring: { interval: 'month' } });
    const customer = await stripe.customers.create({ email: `names-${randomUUID()}@example.com` });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://localhost:3000/checkout?status=success',
    });
    expect((await fetch(`${api.url}/_stripe/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
    const subscription = await stripe.subscriptions.retrieve(String((await stripe.checkout.sessions.retrieve(session.id)).subscription));
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(invoice.lines.data[0]!.description).toBe(`1 × ${product!.name}`);
    const invoicePage = await pageText(`${api.url}/_stripe/invoice/${invoice.id}`);
    expect(invoicePage).toContain(product!.name);
    expect(invoicePage).not.toContain('prod_');
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id });
    const portalPage = await pageText(`${api.url}${new URL(portal.url).pathname}`);
    expect(portalPage).toContain(product!.name);
    expect(portalPage).not.toContain('prod_');
  });
});
