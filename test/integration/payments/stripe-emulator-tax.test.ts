import Stripe from 'stripe';
import { uniqueQueuePrefix } from '../../support/test-database';
import { startTestApi, type TestApi } from '../../support/test-api';
import { emulatorStripe, expectShapedLike } from '../../support/emulator-client';

/**
 * Stripe Tax as the emulator shows it through the real SDK: a Checkout Session with automatic tax
 * waits for the buyer's address, then charges the buyer country's rate where the seller is
 * registered (default seller: Ireland, registered in the EU, UK, NO, CH, AU, NZ, JP and CA), the
 * reverse charge for a business abroad with a verified VAT number, and nothing elsewhere.
 */
let api: TestApi;
let stripe: Stripe;
beforeAll(async () => {
  api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('emutax') } });
  stripe = emulatorStripe(api.url);
});
afterAll(async () => {
  await api.close();
});

type Form = Record<string, string>;

async function taxedSession(extra: Partial<Stripe.Checkout.SessionCreateParams> = {}, amount = 10_000) {
  const price = await stripe.prices.create({ currency: 'eur', unit_amount: amount, product: 'prod_tax_lifetime' });
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:3000/checkout?status=success',
    customer_email: 'buyer@example.com',
    automatic_tax: { enabled: true },
    billing_address_collection: 'required',
    tax_id_collection: { enabled: true },
    ...extra,
  });
}

async function post(sessionId: string, choice: string, form: Form = {}): Promise<Response> {
  return fetch(`${api.url}/_stripe/checkout/${sessionId}/${choice}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

const address = (country: string): Form => ({ country, line1: '1 Main Street', city: 'Capital', postal_code: '10115' });

function retrieveTaxed(id: string) {
  return stripe.checkout.sessions.retrieve(id, { expand: ['total_details.breakdown', 'line_items.data.taxes'] });
}

describe('a Checkout Session with automatic tax', () => {
  it('waits for the address, then charges a German consumer 19% VAT on the line, the breakdown and the payment', async () => {
    const session = await taxedSession();
    expect(session.automatic_tax).toEqual({ enabled: true, liability: { type: 'self' }, provider: 'stripe', status: 'requires_location_inputs' });
    expect(session).toMatchObject({ amount_subtotal: 10_000, amount_total: 10_000, total_details: { amount_tax: 0 }, billing_address_collection: 'required' });
    expect(session.tax_id_collection).toEqual({ enabled: true, required: 'never' });

    const page = await post(session.id, 'address', { email: 'buyer@example.com', ...address('DE') });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/VAT \(DE 19%\)[\s\S]*€19\.00[\s\S]*Pay €119\.00/);

    const taxed = await retrieveTaxed(session.id);
    expect(taxed).toMatchObject({ automatic_tax: { status: 'complete' }, amount_subtotal: 10_000, amount_total: 11_900, total_details: { amount_tax: 1900 } });
    const [tax] = taxed.total_details!.breakdown!.taxes;
    expect(tax).toMatchObject({ amount: 1900, taxability_reason: 'standard_rated', taxable_amount: 10_000 });
    expect(tax!.rate).toMatchObject({
      object: 'tax_rate',
      country: 'DE',
      percentage: 19,
      effective_percentage: 19,
      tax_type: 'vat',
      inclusive: false,
      jurisdiction: 'DE',
    });
    expectShapedLike(tax!.rate, 'tax_rate');
    expect(await stripe.taxRates.retrieve(tax!.rate.id)).toEqual(tax!.rate);
    const [item] = taxed.line_items!.data;
    expect(item).toMatchObject({ amount_subtotal: 10_000, amount_tax: 1900, amount_total: 11_900 });
    expect(item!.taxes).toEqual([tax]);
    // Without expand, Stripe leaves the breakdown out.
    expect((await stripe.checkout.sessions.retrieve(session.id)).total_details).toEqual({ amount_discount: 0, amount_shipping: 0, amount_tax: 1900 });

    expect((await post(session.id, 'pay')).status).toBe(303);
    const paid = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent', 'customer'] });
    expect(paid).toMatchObject({ status: 'complete', payment_status: 'paid', amount_total: 11_900 });
    expect(paid.customer_details).toMatchObject({
      address: { country: 'DE', line1: '1 Main Street', city: 'Capital', postal_code: '10115', line2: null, state: null },
      tax_exempt: 'none',
      tax_ids: [],
      business_name: null,
    });
    expect((paid.payment_intent as Stripe.PaymentIntent).amount).toBe(11_900);
    expect((paid.customer as Stripe.Customer).address).toMatchObject({ country: 'DE', city: 'Capital' });
    // A partial refund of the taxed payment is an ordinary refund.
    const refund = await stripe.refunds.create({ payment_intent: (paid.payment_intent as Stripe.PaymentIntent).id, amount: 1190 });
    expect(refund).toMatchObject({ amount: 1190, status: 'succeeded' });
  });

  it('charges a French business with a verified VAT number nothing: the reverse charge, the rate still shown', async () => {
    const session = await taxedSession();
    const answer = await post(session.id, 'pay', { ...address('FR'), business: 'on', business_name: 'Atelier SARL', tax_id: 'FR 12 345678901' });
    expect(answer.status).toBe(303);
    const paid = await retrieveTaxed(session.id);
    expect(paid).toMatchObject({ amount_total: 10_000, total_details: { amount_tax: 0 } });
    const [tax] = paid.total_details!.breakdown!.taxes;
    expect(tax).toMatchObject({ amount: 0, taxability_reason: 'reverse_charge', taxable_amount: 0 });
    expect(tax!.rate).toMatchObject({ country: 'FR', percentage: 20, effective_percentage: 0, tax_type: 'vat' });
    expect(paid.customer_details).toMatchObject({ business_name: 'Atelier SARL', name: 'Atelier SARL', tax_ids: [{ type: 'eu_vat', value: 'FR12345678901' }] });
    const taxIds = await stripe.customers.listTaxIds(String(paid.customer));
    expect(taxIds.data).toEqual([
      expect.objectContaining({ type: 'eu_vat', value: 'FR12345678901', country: 'FR', verification: expect.objectContaining({ status: 'verified' }) }),
    ]);
  });

  it('charges VAT to a business in the seller’s own country, and to one whose VAT number is unverified', async () => {
    const home = await taxedSession();
    await post(home.id, 'pay', { ...address('IE'), business: 'on', business_name: 'Dublin Ltd', tax_id: 'IE1234567T' });
    expect((await retrieveTaxed(home.id)).total_details).toMatchObject({ amount_tax: 2300, breakdown: { taxes: [{ taxability_reason: 'standard_rated' }] } });

    const unverified = await taxedSession();
    await post(unverified.id, 'pay', { ...address('FR'), business: 'on', business_name: 'Fausse SA', tax_id: 'FR12000000000' });
    expect((await retrieveTaxed(unverified.id)).total_details).toMatchObject({ amount_tax: 2000 });
  });

  it('charges a UK consumer 20% and a US consumer nothing (the seller is not registered there)', async () => {
    const uk = await taxedSession();
    await post(uk.id, 'pay', address('GB'));
    const ukPaid = await retrieveTaxed(uk.id);
    expect(ukPaid).toMatchObject({ amount_total: 12_000, total_details: { amount_tax: 2000 } });
    expect(ukPaid.total_details!.breakdown!.taxes[0]!.rate).toMatchObject({ country: 'GB', percentage: 20, tax_type: 'vat' });

    const us = await taxedSession({ billing_address_collection: 'auto' });
    // `auto` needs only the country; a bare POST is the page's preselected country, the US.
    expect((await post(us.id, 'pay')).status).toBe(303);
    const usPaid = await retrieveTaxed(us.id);
    expect(usPaid).toMatchObject({ amount_total: 10_000, automatic_tax: { status: 'complete' }, total_details: { amount_tax: 0 } });
    expect(usPaid.total_details!.breakdown!.taxes).toEqual([
      expect.objectContaining({ amount: 0, taxability_reason: 'not_collecting', rate: expect.objectContaining({ country: 'US', percentage: 0 }) }),
    ]);
  });

  it('taxes at once a customer whose address Stripe knows, and keeps Stripe’s rules for existing customers', async () => {
    const customer = await stripe.customers.create({ email: 'au@example.com', address: { country: 'AU', postal_code: '2000' } });
    const known = await taxedSession({ customer: customer.id, customer_email: undefined, tax_id_collection: undefined, billing_address_collection: undefined });
    expect(known).toMatchObject({ automatic_tax: { status: 'complete' }, amount_total: 11_000, total_details: { amount_tax: 1000 } });

    const bare = await stripe.customers.create({ email: 'bare@example.com' });
    await expect(taxedSession({ customer: bare.id, customer_email: undefined, tax_id_collection: undefined })).rejects.toMatchObject({
      statusCode: 400,
      param: 'automatic_tax[enabled]',
    });
    await expect(taxedSession({ customer: bare.id, customer_email: undefined, customer_update: { address: 'auto' } })).rejects.toMatchObject({
      statusCode: 400,
      param: 'tax_id_collection[enabled]',
    });
    await expect(taxedSession({ customer_update: { address: 'auto' } })).rejects.toMatchObject({ statusCode: 400, param: 'customer_update' });

    const saved = await taxedSession({ customer: bare.id, customer_email: undefined, customer_update: { address: 'auto', name: 'auto' } });
    await post(saved.id, 'pay', { ...address('NL'), business: 'on', business_name: 'Grachten BV', tax_id: 'NL123456789B01' });
    const updated = await stripe.customers.retrieve(bare.id, { expand: ['tax_ids'] });
    expect(updated).toMatchObject({ name: 'Grachten BV', address: { country: 'NL' } });
    expect((updated as Stripe.Customer).tax_ids!.data.map((id) => id.value)).toEqual(['NL123456789B01']);
  });

  it('refuses an address or tax id the page cannot take with a 400 page, never a 500', async () => {
    const session = await taxedSession();
    for (const form of [
      { ...address('DE'), line1: 'a\u0000b' },
      { ...address('DE'), city: 'x'.repeat(300) },
      { ...address('DE'), line1: 'x'.repeat(100_000) },
      { ...address('DE'), country: 'Germany' },
      { ...address('DE'), business: 'on', tax_id: 'DE12' },
      { country: 'DE' },
    ]) {
      const answer = await post(session.id, 'address', form);
      expect(answer.status).toBe(400);
      expect(await answer.text()).toContain('role="alert"');
    }
    // Paying with a refused address pays nothing.
    expect((await post(session.id, 'pay', { ...address('DE'), postal_code: '1\u0000' })).status).toBe(400);
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open');
  });
});

describe('tax ids', () => {
  it('are added, read, listed and deleted on a customer, shaped as Stripe’s, with test-mode verification', async () => {
    const customer = await stripe.customers.create({ email: 'ids@example.com', name: 'Ids GmbH' });
    const verified = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' });
    expectShapedLike(verified, 'tax_id');
    expect(verified).toMatchObject({
      object: 'tax_id',
      country: 'DE',
      customer: customer.id,
      owner: { type: 'customer', customer: customer.id },
      type: 'eu_vat',
      value: 'DE123456789',
      verification: { status: 'verified', verified_name: 'Ids GmbH', verified_address: null },
    });
    expect((await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE000000000' })).verification).toMatchObject({ status: 'unverified' });
    expect((await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE222222222' })).verification).toMatchObject({ status: 'pending' });
    for (const [type, value] of [
      ['gb_vat', 'GB123456789'],
      ['no_vat', '123456789MVA'],
      ['ch_vat', 'CHE-123.456.789 MWST'],
      ['au_abn', '12345678912'],
      ['nz_gst', '123456789'],
      ['jp_trn', 'T1234567891234'],
      ['jp_cn', '1234567891234'],
      ['ca_bn', '123456789'],
      ['ca_gst_hst', '123456789RT0002'],
    ] as const)
      expect(await stripe.customers.createTaxId(customer.id, { type, value })).toMatchObject({ type });

    expect(await stripe.customers.retrieveTaxId(customer.id, verified.id)).toEqual(verified);
    const listed = await stripe.customers.listTaxIds(customer.id, { limit: 100 });
    expect(listed.data).toHaveLength(12);
    expect(await stripe.customers.deleteTaxId(customer.id, verified.id)).toEqual({ id: verified.id, object: 'tax_id', deleted: true });
    await expect(stripe.customers.retrieveTaxId(customer.id, verified.id)).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });

    const topLevel = await stripe.taxIds.create({ type: 'gb_vat', value: 'GB987654321', owner: { type: 'customer', customer: customer.id } });
    expect(await stripe.taxIds.retrieve(topLevel.id)).toEqual(topLevel);
    expect((await stripe.taxIds.list({ owner: { type: 'customer', customer: customer.id }, limit: 100 })).data).toHaveLength(12);
    expect(await stripe.taxIds.del(topLevel.id)).toMatchObject({ deleted: true });
  });

  it('refuses a value of the wrong format with tax_id_invalid, and hostile values with a 400', async () => {
    const customer = await stripe.customers.create({ email: 'bad-ids@example.com' });
    for (const [type, value] of [
      ['eu_vat', 'DE12345'],
      ['eu_vat', 'US123456789'],
      ['gb_vat', 'GB12'],
      ['au_abn', '123'],
      ['jp_trn', '1234567891234'],
    ] as const)
      await expect(stripe.customers.createTaxId(customer.id, { type, value })).rejects.toMatchObject({
        statusCode: 400,
        type: 'StripeInvalidRequestError',
        code: 'tax_id_invalid',
        param: 'value',
      });
    await expect(stripe.customers.create({ tax_id_data: [{ type: 'eu_vat', value: 'FR1' }] })).rejects.toMatchObject({
      statusCode: 400,
      code: 'tax_id_invalid',
      param: 'tax_id_data[0][value]',
    });
    await expect(stripe.customers.createTaxId(customer.id, { type: 'xx_vat' as 'eu_vat', value: '1' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'type',
    });
    for (const value of ['DE\u0000123456789', 'D'.repeat(100_000)])
      await expect(stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value })).rejects.toMatchObject({ statusCode: 400 });
    for (const line1 of ['a\u0000', 'x'.repeat(100_000)])
      await expect(stripe.customers.update(customer.id, { address: { country: 'DE', line1 } })).rejects.toMatchObject({ statusCode: 400 });
    // The SDK will not encode a lone surrogate; a raw client can send its bytes, which Stripe's form
    // decoding keeps as the literal text (never a lone surrogate): a tax id of that shape is invalid, an address line is text.
    const raw = (path: string, body: string) =>
      fetch(`${api.url}/v1/${path}`, {
        method: 'POST',
        headers: { authorization: 'Bearer sk_test_emulator', 'content-type': 'application/x-www-form-urlencoded' },
        body,
      });
    const taxIdAnswer = await raw(`customers/${customer.id}/tax_ids`, 'type=eu_vat&value=DE%ED%A0%80');
    expect(taxIdAnswer.status).toBe(400);
    expect(await taxIdAnswer.json()).toMatchObject({ error: { type: 'invalid_request_error', code: 'tax_id_invalid' } });
    const addressAnswer = await raw(`customers/${customer.id}`, 'address[country]=DE&address[line1]=%ED%B0%80');
    expect(addressAnswer.status).toBe(200);
    expect(((await addressAnswer.json()) as Stripe.Customer).address!.line1).toBe('%ED%B0%80');
    await expect(stripe.customers.createTaxId('cus_missing', { type: 'eu_vat', value: 'DE123456789' })).rejects.toMatchObject({ statusCode: 404 });
  });
});

describe('the seller’s tax configuration', () => {
  it('lists its registrations and settings as Stripe Tax does', async () => {
    const registrations = await stripe.tax.registrations.list({ limit: 100 });
    expect(registrations.data.map((one) => one.country)).toEqual(expect.arrayContaining(['DE', 'FR', 'IE', 'GB', 'NO', 'CH', 'AU', 'NZ', 'JP', 'CA']));
    expect(registrations.data).toHaveLength(34);
    expect(registrations.data.map((one) => one.country)).not.toContain('US');
    expect(await stripe.tax.settings.retrieve()).toMatchObject({ object: 'tax.settings', head_office: { address: { country: 'IE' } }, status: 'active' });
  });
});
