import { Pool } from 'pg';
import type Stripe from 'stripe';
import type { SiteServer } from '../../support/site-server';
import { emulatorStripe } from '../../support/emulator-client';
import { type BillingForm, callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';

/**
 * Tax at checkout, through the site against the emulator's Stripe Tax: every Checkout Session the
 * site opens asks for automatic tax, the billing address and a business buyer's tax id; what each
 * charge was (net, tax by rate, total, the buyer) is recorded on the purchase and the renewal, and
 * the checkout page shows it after payment.
 */
let site: SiteServer;
let stripe: Stripe;
let pool: Pool;
beforeAll(async () => {
  site = await startAddressableSite('checkout-tax');
  stripe = emulatorStripe(site.url);
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

const street = { line1: '1 Main Street', city: 'Capital', postal_code: '10115' };
const german: BillingForm = { country: 'DE', ...street };
const frenchBusiness: BillingForm = { country: 'FR', ...street, business: 'on', business_name: 'Atelier SARL', tax_id: 'FR12345678901' };
const american: BillingForm = { country: 'US', ...street, state: 'TX' };

async function open(cookie: string, resourceId: string, quantity = 1): Promise<{ url: string; sessionId: string }> {
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity }, { cookie });
  expect(started.result).toMatchObject({ outcome: 'redirect' });
  const url = String(started.result.url);
  return { url, sessionId: new URL(url).pathname.split('/').pop()! };
}

const checkoutData = (cookie: string, resourceId: string) => callFn(site.url, 'getCheckoutData', { resourceId }, { cookie, method: 'GET' });
const paidCharge = (cookie: string, resourceId: string) =>
  eventually(
    () => checkoutData(cookie, resourceId),
    (answer) => answer.result?.latest?.state === 'paid' && answer.result.latest.charge !== null,
  ).then((answer) => answer.result.latest.charge);
const eventData = async (type: string, key: string, value: string) =>
  (await pool.query<{ data: Record<string, unknown> }>(`select data from events where type = $1 and data->>'${key}' = $2`, [type, value])).rows.map(
    (row) => row.data,
  );

describe('the Checkout Sessions the site opens', () => {
  it('ask Stripe Tax for the tax, the full billing address and a business buyer’s tax id: one-time, seats, subscriptions, credit packs', async () => {
    const cookie = await signUpOverHttp(site, 'tax-sessions@example.com', 'Tess Sessions');
    for (const [resourceId, quantity] of [
      ['lifetime-license', 2],
      ['pro-monthly', 3],
      ['credits-100k', 2],
      ['the-ai-assisted-vault', 1],
    ] as const) {
      const { sessionId } = await open(cookie, resourceId, quantity);
      const session = await stripe.checkout.sessions.retrieve(sessionId);
      expect([resourceId, session.automatic_tax.enabled, session.billing_address_collection, session.tax_id_collection?.enabled]).toEqual([
        resourceId,
        true,
        'required',
        true,
      ]);
    }
  });
});

describe('what a charge was, recorded with the payment', () => {
  it('a German consumer pays 19% VAT on the lifetime license: the purchase records it and the outcome page shows it', async () => {
    const cookie = await signUpOverHttp(site, 'tax-de@example.com', 'Erika Mustermann');
    const { url, sessionId } = await open(cookie, 'lifetime-license', 2);
    expect((await chooseOnHostedCheckout(url, 'pay', german)).status).toBe(303);

    expect(await paidCharge(cookie, 'lifetime-license')).toEqual({
      currency: 'usd',
      subtotalCents: 39_800,
      taxCents: 7562,
      totalCents: 47_362,
      reverseCharge: false,
      lines: [{ country: 'DE', state: null, taxType: 'vat', percentage: 19, taxabilityReason: 'standard_rated', amountCents: 7562 }],
    });
    const [purchase] = await eventData('PurchaseCompleted', 'checkoutSessionId', sessionId);
    expect(purchase).toMatchObject({
      amountCents: 47_362,
      tax: {
        subtotalCents: 39_800,
        taxCents: 7562,
        totalCents: 47_362,
        lines: [expect.objectContaining({ country: 'DE', percentage: 19, taxableAmountCents: 39_800, amountCents: 7562 })],
        buyer: { address: expect.objectContaining({ country: 'DE', city: 'Capital', postalCode: '10115' }), taxIds: [] },
      },
    });
  });

  it('a French business with a VAT id pays no VAT under the reverse charge, its business name and tax id recorded', async () => {
    const cookie = await signUpOverHttp(site, 'tax-fr@example.com', 'Marie Curie');
    const { url, sessionId } = await open(cookie, 'credits-100k', 2);
    expect((await chooseOnHostedCheckout(url, 'pay', frenchBusiness)).status).toBe(303);

    expect(await paidCharge(cookie, 'credits-100k')).toMatchObject({
      subtotalCents: 2000,
      taxCents: 0,
      totalCents: 2000,
      reverseCharge: true,
      lines: [{ country: 'FR', state: null, taxType: 'vat', percentage: 0, taxabilityReason: 'reverse_charge', amountCents: 0 }],
    });
    const [purchase] = await eventData('PurchaseCompleted', 'checkoutSessionId', sessionId);
    expect(purchase!.tax).toMatchObject({
      reverseCharge: true,
      buyer: { businessName: 'Atelier SARL', taxIds: [{ type: 'eu_vat', value: 'FR12345678901', verified: true }] },
    });
  });

  it('a US consumer pays no tax where the seller is not registered: tax 0, no lines', async () => {
    const cookie = await signUpOverHttp(site, 'tax-us@example.com', 'John Doe');
    const { url } = await open(cookie, 'the-ai-assisted-vault');
    expect((await chooseOnHostedCheckout(url, 'pay', american)).status).toBe(303);
    expect(await paidCharge(cookie, 'the-ai-assisted-vault')).toEqual({
      currency: 'usd',
      subtotalCents: 1900,
      taxCents: 0,
      totalCents: 1900,
      reverseCharge: false,
      lines: [],
    });
  });

  it('a subscription’s paid invoice records its tax on the renewal, from the invoice’s total taxes', async () => {
    const cookie = await signUpOverHttp(site, 'tax-sub@example.com', 'Hans Abo');
    const { url, sessionId } = await open(cookie, 'pro-monthly', 3);
    expect((await chooseOnHostedCheckout(url, 'pay', german)).status).toBe(303);
    const subscriptionId = (await stripe.checkout.sessions.retrieve(sessionId)).subscription as string;
    const [renewed] = await eventually(
      () => eventData('SubscriptionRenewed', 'subscriptionId', subscriptionId),
      (rows) => rows.length === 1,
    );
    expect(renewed).toMatchObject({
      billingReason: 'subscription_create',
      amountCents: 6783,
      tax: {
        currency: 'usd',
        subtotalCents: 5700,
        taxCents: 1083,
        totalCents: 6783,
        reverseCharge: false,
        lines: [expect.objectContaining({ country: 'DE', taxType: 'vat', percentage: 19, taxableAmountCents: 5700, amountCents: 1083 })],
        buyer: { address: expect.objectContaining({ country: 'DE' }) },
      },
    });
  });
});
