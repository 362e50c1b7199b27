import Stripe from 'stripe';
import { emulatorStripe } from '../../support/emulator-client';
import { StripeContract } from '../../support/stripe-contract';
import { uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';

/** The emulator's tax objects, and the objects that carry tax, against the installed SDK's types: no field missing, none extra, each of its type. */
const TYPES = [
  'TaxId',
  'DeletedTaxId',
  'TaxRate',
  'Tax.Registration',
  'Tax.Settings',
  'ApiList<Stripe.TaxId>',
  'ApiList<Stripe.Tax.Registration>',
  'Customer',
  'Checkout.Session',
  'ApiList<Stripe.LineItem>',
  'Invoice',
  'Subscription',
] as const;
type TypeName = (typeof TYPES)[number];

let api: TestApi;
let stripe: Stripe;
let contract: StripeContract;
beforeAll(async () => {
  contract = new StripeContract(TYPES);
  api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('emutaxcontract') } });
  stripe = emulatorStripe(api.url);
});
afterAll(async () => {
  await api?.close();
});

function problems(value: unknown, type: TypeName): string[] {
  return contract.check(value, type).problems.map(({ path, problem }) => `${path}: ${problem}`);
}

it('tax ids, tax rates, registrations and settings keep the SDK’s types', async () => {
  const customer = await stripe.customers.create({ email: 'contract-tax@example.com', address: { country: 'DE', city: 'Berlin' } });
  const taxId = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' });
  expect(problems(taxId, 'TaxId')).toEqual([]);
  expect(problems({ ...taxId, verification: { ...taxId.verification, status: 'maybe' } }, 'TaxId')).toHaveLength(1);
  expect(problems(await stripe.customers.listTaxIds(customer.id), 'ApiList<Stripe.TaxId>')).toEqual([]);
  expect(problems(await stripe.customers.retrieve(customer.id, { expand: ['tax_ids'] }), 'Customer')).toEqual([]);
  expect(problems(await stripe.customers.deleteTaxId(customer.id, taxId.id), 'DeletedTaxId')).toEqual([]);
  expect(problems(await stripe.tax.registrations.list(), 'ApiList<Stripe.Tax.Registration>')).toEqual([]);
  expect(problems(await stripe.tax.settings.retrieve(), 'Tax.Settings')).toEqual([]);

  const price = await stripe.prices.create({ currency: 'eur', unit_amount: 1900, product: 'prod_tax_contract', recurring: { interval: 'month' } });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    automatic_tax: { enabled: true },
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:3000/s',
  });
  const taxed = await stripe.checkout.sessions.retrieve(session.id, { expand: ['total_details.breakdown'] });
  expect(problems(taxed, 'Checkout.Session')).toEqual([]);
  expect(problems(taxed.total_details!.breakdown!.taxes[0]!.rate, 'TaxRate')).toEqual([]);
  expect(problems(await stripe.checkout.sessions.listLineItems(session.id, { expand: ['data.taxes'] }), 'ApiList<Stripe.LineItem>')).toEqual([]);
  const paid = await fetch(`${api.url}/_stripe/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
  expect(paid.status).toBe(303);
  const subscription = await stripe.subscriptions.retrieve(String((await stripe.checkout.sessions.retrieve(session.id)).subscription));
  expect(problems(subscription, 'Subscription')).toEqual([]);
  const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
  expect(invoice.total_taxes).toHaveLength(1);
  expect(problems(invoice, 'Invoice')).toEqual([]);
});
