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

const raw = (path: string, init: RequestInit = {}, authorization = 'Bearer sk_test_emulator') =>
  fetch(`${api.url}${path}`, { ...init, headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', ...(init.headers as object) } });
const errorOf = async (response: Response) => ((await response.json()) as { error: Record<string, unknown> }).error;
const docUrl = (code: string) => `https://stripe.com/docs/error-codes/${code.replaceAll('_', '-')}`;

async function paidSession(customer: string): Promise<Stripe.Checkout.Session> {
  const [product] = (await stripe.products.list({ limit: 1 })).data;
  const price = await stripe.prices.create({ currency: 'usd', unit_amount: 1200, product: product!.id });
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    customer,
    line_items: [{ price: price.id, quantity: 2 }],
    success_url: 'http://localhost:3000/checkout?status=success',
  });
  expect((await fetch(`${api.url}/_stripe/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' })).status).toBe(303);
  return session;
}

describe('errors, in Stripe’s words', () => {
  it('a missing parameter is parameter_missing, naming it, with its doc_url', async () => {
    await expect(stripe.prices.create({ currency: 'usd', unit_amount: 100 } as Stripe.PriceCreateParams)).rejects.toMatchObject({
      statusCode: 400,
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      param: 'product',
      message: 'Missing required param: product.',
      doc_url: docUrl('parameter_missing'),
    });
  });

  it('an unknown parameter is parameter_unknown, nested ones named with brackets', async () => {
    await expect(stripe.customers.create({ surprise: 'x' } as Stripe.CustomerCreateParams)).rejects.toMatchObject({
      code: 'parameter_unknown',
      param: 'surprise',
      message: 'Received unknown parameter: surprise',
      doc_url: docUrl('parameter_unknown'),
    });
    const nested = await raw('/v1/prices', {
      method: 'POST',
      body: 'currency=usd&unit_amount=1&product=prod_x&recurring[interval]=month&recurring[colour]=red',
    });
    expect(await errorOf(nested)).toMatchObject({ code: 'parameter_unknown', param: 'recurring[colour]' });
  });

  it('a word where an integer goes is parameter_invalid_integer; an unknown id is resource_missing with its doc_url', async () => {
    const word = await raw('/v1/prices', { method: 'POST', body: 'currency=usd&unit_amount=lots&product=prod_x' });
    expect([word.status, await errorOf(word)]).toEqual([
      400,
      expect.objectContaining({ code: 'parameter_invalid_integer', param: 'unit_amount', doc_url: docUrl('parameter_invalid_integer') }),
    ]);
    await expect(stripe.customers.retrieve('cus_unknown')).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
      param: 'id',
      doc_url: docUrl('resource_missing'),
    });
  });

  it('a retrieval refuses parameters it does not take', async () => {
    const customer = await stripe.customers.create({});
    expect(await errorOf(await raw(`/v1/customers/${customer.id}?colour=red`))).toMatchObject({ code: 'parameter_unknown', param: 'colour' });
  });
});

describe('lists, a page at a time, newest first', () => {
  it('pages customers with limit, starting_after and ending_before, and auto-pagination sees each once', async () => {
    const email = `page-${randomUUID()}@example.com`;
    const made = [];
    for (let i = 0; i < 3; i += 1) made.push(await stripe.customers.create({ email }));
    const newestFirst = made.map((c) => c.id).reverse();
    const first = await stripe.customers.list({ email, limit: 2 });
    expect([first.data.map((c) => c.id), first.has_more, first.url]).toEqual([newestFirst.slice(0, 2), true, '/v1/customers']);
    const second = await stripe.customers.list({ email, limit: 2, starting_after: newestFirst[1] });
    expect([second.data.map((c) => c.id), second.has_more]).toEqual([newestFirst.slice(2), false]);
    const back = await stripe.customers.list({ email, limit: 1, ending_before: newestFirst[2] });
    expect([back.data.map((c) => c.id), back.has_more]).toEqual([[newestFirst[1]], true]);
    expect((await stripe.customers.list({ email, limit: 1 }).autoPagingToArray({ limit: 10 })).map((c) => c.id)).toEqual(newestFirst);
  });

  it('refuses a cursor that names no object of the list’s kind, instead of starting again', async () => {
    await expect(stripe.customers.list({ starting_after: 'cus_never' })).rejects.toMatchObject({
      statusCode: 400,
      code: 'resource_missing',
      param: 'starting_after',
    });
    const price = (await stripe.prices.list({ limit: 1 })).data[0]!;
    await expect(stripe.customers.list({ ending_before: price.id })).rejects.toMatchObject({ code: 'resource_missing', param: 'ending_before' });
  });

  it('lists each kind it keeps, filtered as Stripe filters them', async () => {
    const customer = await stripe.customers.create({ email: `lists-${randomUUID()}@example.com` });
    const session = await paidSession(customer.id);
    const paid = await stripe.checkout.sessions.list({ customer: customer.id });
    expect(paid.data.map((s) => [s.id, s.status])).toEqual([[session.id, 'complete']]);
    const [intent] = (await stripe.paymentIntents.list({ customer: customer.id })).data;
    const [charge] = (await stripe.charges.list({ payment_intent: intent!.id })).data;
    expect(charge!.payment_intent).toBe(intent!.id);
    const refund = await stripe.refunds.create({ charge: charge!.id, amount: 100 });
    expect((await stripe.refunds.list({ charge: charge!.id })).data.map((r) => r.id)).toEqual([refund.id]);
    expect((await stripe.checkout.sessions.listLineItems(session.id)).data.map((item) => [item.quantity, item.amount_total])).toEqual([[2, 2400]]);
    const events = await stripe.events.list({ types: ['checkout.session.completed', 'charge.refunded'], limit: 100 });
    expect(events.data.map((e) => e.type)).toEqual(expect.arrayContaining(['checkout.session.completed', 'charge.refunded']));
    expect(new Set(events.data.map((e) => e.type))).toEqual(new Set(['checkout.session.completed', 'charge.refunded']));
  });

  it('leaves canceled subscriptions out unless asked for them', async () => {
    const customer = await stripe.customers.create({ email: `subs-${randomUUID()}@example.com` });
    const [product] = (await stripe.products.list({ limit: 1 })).data;
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 900, product: product!.id, recurring: { interval: 'month' } });
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 1 }],
      success_url: 'http://localhost:3000/checkout?status=success',
    });
    await fetch(`${api.url}/_stripe/checkout/${session.id}/pay`, { method: 'POST', redirect: 'manual' });
    const { subscription } = await stripe.checkout.sessions.retrieve(session.id);
    expect((await stripe.subscriptions.list({ customer: customer.id, price: price.id })).data.map((s) => s.id)).toEqual([subscription]);
    const canceled = await stripe.subscriptions.cancel(String(subscription), { expand: ['customer'] });
    expect((canceled.customer as Stripe.Customer).id).toBe(customer.id);
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
    expect((await stripe.subscriptions.list({ customer: customer.id, status: 'all' })).data.map((s) => s.status)).toEqual(['canceled']);
    expect((await stripe.invoices.list({ subscription: String(subscription) })).data).toHaveLength(1);
  });
});

describe('expand[], on reads, writes and lists', () => {
  it('replaces ids by their objects, up to four levels', async () => {
    const customer = await stripe.customers.create({ email: `expand-${randomUUID()}@example.com` });
    const { id } = await paidSession(customer.id);
    const session = await stripe.checkout.sessions.retrieve(id, { expand: ['customer', 'line_items', 'payment_intent.latest_charge.customer'] });
    expect((session.customer as Stripe.Customer).email).toBe(customer.email);
    expect(session.line_items!.data[0]).toMatchObject({ object: 'item', quantity: 2 });
    const intent = session.payment_intent as Stripe.PaymentIntent;
    expect((intent.latest_charge as Stripe.Charge).object).toBe('charge');
    expect(((intent.latest_charge as Stripe.Charge).customer as Stripe.Customer).id).toBe(customer.id);
    const listed = await stripe.checkout.sessions.list({ customer: customer.id, expand: ['data.customer'] });
    expect((listed.data[0]!.customer as Stripe.Customer).object).toBe('customer');
  });

  it('expands the answer of a write', async () => {
    const [product] = (await stripe.products.list({ limit: 1 })).data;
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 300, product: product!.id, expand: ['product'] });
    expect((price.product as Stripe.Product).id).toBe(product!.id);
  });

  it('refuses a field that cannot be expanded, and more than four levels', async () => {
    const customer = await stripe.customers.create({});
    await expect(stripe.customers.retrieve(customer.id, { expand: ['email'] })).rejects.toMatchObject({
      statusCode: 400,
      message: 'This property cannot be expanded (email).',
    });
    await expect(stripe.customers.create({ expand: ['nothing'] })).rejects.toMatchObject({ statusCode: 400 });
    const { id } = await paidSession(customer.id);
    await expect(
      stripe.checkout.sessions.retrieve(id, { expand: ['payment_intent.latest_charge.payment_intent.latest_charge.customer'] }),
    ).rejects.toMatchObject({ statusCode: 400, message: expect.stringContaining('more than 4 levels') });
  });
});

describe('the secret key', () => {
  it('is taken as a bearer token or as the basic-auth user (curl -u sk_test_…:), as Stripe takes it', async () => {
    const basic = (user: string) => `Basic ${Buffer.from(`${user}:`).toString('base64')}`;
    expect((await raw('/v1/prices?limit=1', {}, basic('sk_test_emulator'))).status).toBe(200);
    expect((await raw('/v1/prices?limit=1', {}, 'Bearer sk_test_emulator')).status).toBe(200);
    for (const refused of [basic('pk_test_public'), basic(''), 'Basic !!!', 'Bearer', 'sk_test_emulator']) {
      expect({ refused, status: (await raw('/v1/prices?limit=1', {}, refused)).status }).toEqual({ refused, status: 401 });
    }
  });
});
