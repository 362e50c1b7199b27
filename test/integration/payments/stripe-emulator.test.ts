import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { startTestApi, type TestApi } from '../../support/test-api';

let api: TestApi;
let stripe: Stripe;
beforeAll(async () => {
  api = await startTestApi();
  const { port } = new URL(api.url);
  stripe = new Stripe('sk_test_emulator', { host: '127.0.0.1', port: Number(port), protocol: 'http', maxNetworkRetries: 0, telemetry: false });
});
afterAll(() => api.close());

const product = () => `prod_${randomUUID().slice(0, 8)}`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

describe('the Stripe emulator, through the real stripe SDK', () => {
  it('creates and retrieves a customer with Stripe’s fields', async () => {
    const customer = await stripe.customers.create({ email: 'ada@example.com', name: 'Ada Lovelace', metadata: { userId: 'user_1' } });
    expect(customer).toMatchObject({ object: 'customer', email: 'ada@example.com', name: 'Ada Lovelace', metadata: { userId: 'user_1' }, livemode: false });
    expect(customer.id).toMatch(/^cus_[A-Za-z0-9]{14}$/);
    expect(await stripe.customers.retrieve(customer.id)).toEqual(customer);
  });

  it('answers an Idempotency-Key with the first answer, and refuses the key with other parameters', async () => {
    const idempotencyKey = `customer-${randomUUID()}`;
    const first = await stripe.customers.create({ email: 'grace@example.com' }, { idempotencyKey });
    const again = await stripe.customers.create({ email: 'grace@example.com' }, { idempotencyKey });
    expect(again.id).toBe(first.id);
    expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
    await expect(stripe.customers.create({ email: 'someone@example.com' }, { idempotencyKey })).rejects.toMatchObject({
      type: 'StripeIdempotencyError',
      statusCode: 400,
    });
  });

  it('creates one customer when the same key is sent 10 times at once', async () => {
    const idempotencyKey = `race-${randomUUID()}`;
    const customers = await Promise.all(Array.from({ length: 10 }, () => stripe.customers.create({ email: 'race@example.com' }, { idempotencyKey })));
    expect(new Set(customers.map((c) => c.id)).size).toBe(1);
  });

  it('opens a checkout session in payment mode with the quantity, priced from its line items', async () => {
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 19900, product: product() });
    expect(price).toMatchObject({ object: 'price', type: 'one_time', unit_amount: 19900, currency: 'usd', recurring: null });
    const customer = await stripe.customers.create({ email: 'buyer@example.com' });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer: customer.id,
      line_items: [{ price: price.id, quantity: 3 }],
      success_url: 'http://localhost:3000/checkout?status=success',
      cancel_url: 'http://localhost:3000/checkout?status=cancelled',
      client_reference_id: 'user_1',
      metadata: { resourceId: 'lifetime-license' },
      expires_at: inAnHour(),
    });
    expect(session).toMatchObject({
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: 59700,
      amount_total: 59700,
      currency: 'usd',
      customer: customer.id,
      client_reference_id: 'user_1',
      metadata: { resourceId: 'lifetime-license' },
    });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`http://localhost:3000/_stripe/checkout/${session.id}`);
    expect(await stripe.checkout.sessions.retrieve(session.id)).toEqual(session);
  });

  it('opens a subscription-mode session for a recurring price, and refuses modes that do not fit the price', async () => {
    const monthly = await stripe.prices.create({ currency: 'usd', unit_amount: 1900, product: product(), recurring: { interval: 'month' } });
    const once = await stripe.prices.create({ currency: 'usd', unit_amount: 4900, product: product() });
    const base = { success_url: 'http://localhost:3000/checkout?status=success', expires_at: inAnHour() };
    await expect(stripe.checkout.sessions.create({ ...base, mode: 'subscription', line_items: [{ price: monthly.id, quantity: 1 }] })).resolves.toMatchObject({
      mode: 'subscription',
      amount_total: 1900,
    });
    await expect(stripe.checkout.sessions.create({ ...base, mode: 'payment', line_items: [{ price: monthly.id, quantity: 1 }] })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      param: 'line_items[0][price]',
    });
    await expect(stripe.checkout.sessions.create({ ...base, mode: 'subscription', line_items: [{ price: once.id, quantity: 1 }] })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
    });
  });

  it('refuses what Stripe refuses: unknown prices and customers, expiry outside 30 min–24 h, unknown parameters', async () => {
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 100, product: product() });
    const base = { mode: 'payment' as const, success_url: 'http://localhost:3000/s', line_items: [{ price: price.id, quantity: 1 }] };
    await expect(stripe.checkout.sessions.create({ ...base, line_items: [{ price: 'price_nope', quantity: 1 }] })).rejects.toMatchObject({
      statusCode: 404,
      code: 'resource_missing',
    });
    await expect(stripe.checkout.sessions.create({ ...base, customer: 'cus_nope' })).rejects.toMatchObject({ statusCode: 404, param: 'customer' });
    await expect(stripe.checkout.sessions.create({ ...base, expires_at: Math.floor(Date.now() / 1000) + 60 })).rejects.toMatchObject({ param: 'expires_at' });
    await expect(stripe.checkout.sessions.create({ ...base, surprise: 'x' } as never)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('surprise'),
    });
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({ statusCode: 404 });
  });

  it('expires an open session once; a second expiry is refused', async () => {
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 100, product: product() });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      success_url: 'http://localhost:3000/s',
      line_items: [{ price: price.id, quantity: 1 }],
    });
    expect(await stripe.checkout.sessions.expire(session.id)).toMatchObject({ status: 'expired', url: null });
    await expect(stripe.checkout.sessions.expire(session.id)).rejects.toMatchObject({ statusCode: 400 });
  });

  it('answers 401 without an API key, as Stripe does', async () => {
    const response = await fetch(`${api.url}/v1/customers`, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { error: { type: string } }).error.type).toBe('invalid_request_error');
  });
});
