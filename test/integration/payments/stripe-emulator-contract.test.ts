import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { emulatorStripe, expectShapedLike, WebhookRecorder } from '../../support/emulator-client';
import { StripeContract, type ContractProblem } from '../../support/stripe-contract';
import { startTestApi, type TestApi } from '../../support/test-api';

/**
 * Every object the emulator answers, through the real SDK, checked against the installed `stripe`
 * package's types for the API version the emulator sends: no field missing, none extra, each of
 * its type. The figure (fields right of fields seen) is printed at the end.
 */
const TYPES = [
  'Customer',
  'Product',
  'Price',
  'Checkout.Session',
  'LineItem',
  'Subscription',
  'Invoice',
  'InvoicePayment',
  'PaymentIntent',
  'Charge',
  'Refund',
  'Dispute',
  'BillingPortal.Session',
  'Event',
  'ApiList<Stripe.Customer>',
  'ApiList<Stripe.Product>',
  'ApiList<Stripe.Price>',
  'ApiList<Stripe.Checkout.Session>',
  'ApiList<Stripe.LineItem>',
  'ApiList<Stripe.Subscription>',
  'ApiList<Stripe.Invoice>',
  'ApiList<Stripe.InvoicePayment>',
  'ApiList<Stripe.PaymentIntent>',
  'ApiList<Stripe.Charge>',
  'ApiList<Stripe.Refund>',
  'ApiList<Stripe.Dispute>',
  'ApiList<Stripe.Event>',
  'ApiList<Stripe.InvoiceLineItem>',
  'ApiList<Stripe.SubscriptionItem>',
  'TestHelpers.TestClock',
  'ApiList<Stripe.TestHelpers.TestClock>',
  'Coupon',
  'DeletedCoupon',
  'PromotionCode',
  'Discount',
  'ApiList<Stripe.Coupon>',
  'ApiList<Stripe.PromotionCode>',
] as const;
type TypeName = (typeof TYPES)[number];

let api: TestApi;
let stripe: Stripe;
let contract: StripeContract;
const webhooks = new WebhookRecorder();
const tally = { right: 0, total: 0 };

beforeAll(async () => {
  contract = new StripeContract(TYPES);
  api = await startTestApi({ env: { STRIPE_EMULATOR_WEBHOOK_URL: await webhooks.start() } });
  stripe = emulatorStripe(api.url);
});
afterAll(async () => {
  process.stdout.write(
    `Stripe emulator contract (stripe ${Stripe.API_VERSION}): ${tally.right} of ${tally.total} response fields right (${((100 * tally.right) / Math.max(1, tally.total)).toFixed(1)}%)\n`,
  );
  await api?.close();
  await webhooks.stop();
});

/** The fields of this test's objects that break the SDK's types (none, when the emulator keeps Stripe's contract). */
let broken: ContractProblem[] = [];
beforeEach(() => {
  broken = [];
});

/** Each broken field once, whichever list item or object it was seen in. */
function distinct(problems: ContractProblem[]): string[] {
  return [...new Set(problems.map(({ path, problem }) => `${path.replace(/\[\d+\]/g, '[]')}: ${problem}`))].sort();
}

/** Checks an answer against its SDK type, and gives it back. */
function checked<T>(value: T, type: TypeName): T {
  const result = contract.check(value, type);
  tally.right += result.right;
  tally.total += result.total;
  broken.push(...result.problems, ...placeholders(value, type));
  return value;
}

/** Values left from Stripe's example objects that no real account sends: `obj_123`, or a field's own name as its value (`message: 'message'`). */
function placeholders(value: unknown, path: string): ContractProblem[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => placeholders(item, `${path}[${index}]`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, field]) =>
    key === 'lastResponse'
      ? []
      : typeof field === 'string' && (field.includes('obj_123') || field === key)
        ? [{ path: `${path}.${key}`, problem: `the example object's placeholder ${JSON.stringify(field)}` }]
        : placeholders(field, `${path}.${key}`),
  );
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;
const page = (path: string, init: RequestInit = {}) => fetch(`${api.url}${path}`, { method: 'POST', redirect: 'manual', ...init });

async function paidSession(mode: 'payment' | 'subscription'): Promise<Stripe.Checkout.Session> {
  const customer = await stripe.customers.create({ email: `contract-${randomUUID()}@example.com` });
  const price = await stripe.prices.create({
    currency: 'usd',
    unit_amount: 1900,
    product: (await catalogProduct()).id,
    ...(mode === 'subscription' ? { recurring: { interval: 'month' as const } } : {}),
  });
  const session = await stripe.checkout.sessions.create({
    mode,
    customer: customer.id,
    line_items: [{ price: price.id, quantity: 1 }],
    success_url: 'http://localhost:3000/checkout?status=success',
    expires_at: inAnHour(),
  });
  expect((await page(`/_stripe/checkout/${session.id}/pay`)).status).toBe(303);
  return stripe.checkout.sessions.retrieve(session.id);
}

async function catalogProduct(): Promise<Stripe.Product> {
  const [product] = (await stripe.products.list({ limit: 1 })).data;
  if (!product) throw new Error('the emulator made no catalog product');
  return product;
}

describe('the contract itself', () => {
  it('finds a missing field, an unknown one, a wrong type, a value outside an enum and a null where none is allowed', async () => {
    const customer = await stripe.customers.create({});
    const { email: _email, ...withoutEmail } = customer;
    const paths = (value: unknown) => contract.check(value, 'Customer').problems.map((p) => `${p.path}: ${p.problem}`);
    expect(paths(withoutEmail)).toEqual(['Customer.email: missing']);
    expect(paths({ ...customer, colour: 'red' })).toEqual(['Customer.colour: not a field of the type']);
    expect(paths({ ...customer, balance: '0' })).toEqual(['Customer.balance: string where a number']);
    expect(paths({ ...customer, tax_exempt: 'sometimes' })).toEqual([expect.stringMatching(/^Customer.tax_exempt: "sometimes" where/)]);
    expect(paths({ ...customer, livemode: null })).toEqual([expect.stringMatching(/^Customer.livemode: null where/)]);
  });
});

describe('the emulator’s objects keep the SDK’s types', () => {
  it('customers: created, retrieved and listed', async () => {
    const customer = await stripe.customers.create({ email: 'contract@example.com', name: 'Contract', metadata: { k: 'v' } });
    checked(customer, 'Customer');
    expect(customer.lastResponse.headers['stripe-version']).toBe(Stripe.API_VERSION);
    checked(await stripe.customers.retrieve(customer.id), 'Customer');
    checked(await stripe.customers.list({ limit: 3 }), 'ApiList<Stripe.Customer>');
    expect(distinct(broken)).toEqual([]);
  });

  it('products and prices: retrieved, created, updated and listed', async () => {
    const product = await catalogProduct();
    checked(await stripe.products.retrieve(product.id), 'Product');
    checked(await stripe.products.list({ limit: 3 }), 'ApiList<Stripe.Product>');
    const once = await stripe.prices.create({ currency: 'usd', unit_amount: 500, product: product.id, nickname: 'once' });
    const monthly = await stripe.prices.create({ currency: 'usd', unit_amount: 900, product: product.id, recurring: { interval: 'month' } });
    checked(once, 'Price');
    checked(monthly, 'Price');
    checked(await stripe.prices.retrieve(monthly.id, { expand: ['product'] }), 'Price');
    checked(await stripe.prices.update(once.id, { metadata: { a: 'b' } }), 'Price');
    checked(await stripe.prices.list({ limit: 5 }), 'ApiList<Stripe.Price>');
    expect(distinct(broken)).toEqual([]);
  });

  it('a paid one-time checkout: session, line items, payment intent, charge, refund', async () => {
    const session = await paidSession('payment');
    checked(session, 'Checkout.Session');
    checked(await stripe.checkout.sessions.listLineItems(session.id), 'ApiList<Stripe.LineItem>');
    const intent = await stripe.paymentIntents.retrieve(String(session.payment_intent));
    checked(intent, 'PaymentIntent');
    const charge = await stripe.charges.retrieve(String(intent.latest_charge));
    checked(charge, 'Charge');
    const refund = await stripe.refunds.create({ payment_intent: intent.id, amount: 100 });
    checked(refund, 'Refund');
    checked(await stripe.refunds.retrieve(refund.id), 'Refund');
    checked(await stripe.charges.retrieve(charge.id), 'Charge');
    checked(await stripe.checkout.sessions.list({ limit: 3 }), 'ApiList<Stripe.Checkout.Session>');
    checked(await stripe.paymentIntents.list({ limit: 3 }), 'ApiList<Stripe.PaymentIntent>');
    checked(await stripe.charges.list({ limit: 3 }), 'ApiList<Stripe.Charge>');
    checked(await stripe.refunds.list({ limit: 3 }), 'ApiList<Stripe.Refund>');
    expect(distinct(broken)).toEqual([]);
  });

  it('an open and an expired checkout session', async () => {
    const price = await stripe.prices.create({ currency: 'usd', unit_amount: 700, product: (await catalogProduct()).id });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      customer_email: 'open@example.com',
      line_items: [{ price: price.id, quantity: 2 }],
      success_url: 'http://localhost:3000/checkout?status=success',
      cancel_url: 'http://localhost:3000/checkout?status=cancelled',
    });
    checked(session, 'Checkout.Session');
    checked(await stripe.checkout.sessions.expire(session.id), 'Checkout.Session');
    expect(distinct(broken)).toEqual([]);
  });

  it('a subscription: bought, previewed, changed, set to cancel, cancelled, with its invoices', async () => {
    const session = await paidSession('subscription');
    checked(session, 'Checkout.Session');
    const subscription = await stripe.subscriptions.retrieve(String(session.subscription));
    checked(subscription, 'Subscription');
    checked(await stripe.invoices.retrieve(String(subscription.latest_invoice)), 'Invoice');
    checked(await stripe.invoices.listLineItems(String(subscription.latest_invoice)), 'ApiList<Stripe.InvoiceLineItem>');
    checked(await stripe.subscriptionItems.list({ subscription: subscription.id }), 'ApiList<Stripe.SubscriptionItem>');
    const item = subscription.items.data[0]!;
    const dearer = await stripe.prices.create({ currency: 'usd', unit_amount: 4900, product: (await catalogProduct()).id, recurring: { interval: 'month' } });
    const preview = await stripe.invoices.createPreview({
      customer: String(subscription.customer),
      subscription: subscription.id,
      subscription_details: { items: [{ id: item.id, price: dearer.id }], proration_behavior: 'always_invoice' },
    });
    checked(preview, 'Invoice');
    const changed = await stripe.subscriptions.update(subscription.id, { items: [{ id: item.id, price: dearer.id }], proration_behavior: 'always_invoice' });
    checked(changed, 'Subscription');
    checked(await stripe.invoices.retrieve(String(changed.latest_invoice)), 'Invoice');
    checked(await stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }), 'Subscription');
    checked(await stripe.subscriptions.cancel(subscription.id), 'Subscription');
    checked(await stripe.subscriptions.list({ limit: 3 }), 'ApiList<Stripe.Subscription>');
    checked(await stripe.invoices.list({ limit: 3 }), 'ApiList<Stripe.Invoice>');
    expect(distinct(broken)).toEqual([]);
  });

  it('a renewal, and a failed renewal paid on its hosted invoice page', async () => {
    const session = await paidSession('subscription');
    const renew = (action: string) => page(`/_stripe/dev/subscriptions/${String(session.subscription)}/${action}`, { headers: { accept: 'application/json' } });
    expect((await renew('renew')).status).toBe(200);
    checked(await stripe.subscriptions.retrieve(String(session.subscription)), 'Subscription');
    expect((await renew('fail-renewal')).status).toBe(200);
    const pastDue = checked(await stripe.subscriptions.retrieve(String(session.subscription)), 'Subscription');
    checked(await stripe.invoices.retrieve(String(pastDue.latest_invoice)), 'Invoice');
    expect((await page(`/_stripe/invoice/${String(pastDue.latest_invoice)}/pay`)).status).toBe(200);
    checked(await stripe.invoices.list({ subscription: pastDue.id }), 'ApiList<Stripe.Invoice>');
    // The renewal paid late: its invoice payment names the payment intent that paid it, and is found by it.
    const [payment] = checked(await stripe.invoicePayments.list({ invoice: String(pastDue.latest_invoice) }), 'ApiList<Stripe.InvoicePayment>').data;
    expect(payment).toMatchObject({ invoice: pastDue.latest_invoice, status: 'paid', payment: { type: 'payment_intent' } });
    const intent = String(payment!.payment.payment_intent);
    checked(await stripe.invoicePayments.retrieve(payment!.id), 'InvoicePayment');
    const byIntent = await stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: intent } });
    expect(byIntent.data.map((p) => p.invoice)).toEqual([pastDue.latest_invoice]);
    expect((await stripe.paymentIntents.retrieve(intent)).amount).toBe(payment!.amount_paid);
    expect(distinct(broken)).toEqual([]);
  });

  it('a test clock: created, a customer on it, advanced past a renewal, retrieved and listed', async () => {
    const frozen = Math.floor(Date.now() / 1000);
    const clock = checked(await stripe.testHelpers.testClocks.create({ frozen_time: frozen, name: 'contract' }), 'TestHelpers.TestClock');
    checked(await stripe.customers.create({ email: 'clocked@example.com', test_clock: clock.id }), 'Customer');
    checked(await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: frozen + 3600 }), 'TestHelpers.TestClock');
    checked(await stripe.testHelpers.testClocks.retrieve(clock.id), 'TestHelpers.TestClock');
    checked(await stripe.testHelpers.testClocks.list({ limit: 3 }), 'ApiList<Stripe.TestHelpers.TestClock>');
    expect(distinct(broken)).toEqual([]);
  });

  it('expanded objects, on reads, writes and lists', async () => {
    const session = await paidSession('subscription');
    checked(
      await stripe.checkout.sessions.retrieve(session.id, { expand: ['customer', 'line_items', 'subscription.latest_invoice', 'invoice'] }),
      'Checkout.Session',
    );
    checked(await stripe.subscriptions.retrieve(String(session.subscription), { expand: ['customer', 'latest_invoice'] }), 'Subscription');
    checked(await stripe.invoices.list({ limit: 2, expand: ['data.customer', 'data.parent.subscription_details.subscription'] }), 'ApiList<Stripe.Invoice>');
    checked(await stripe.charges.list({ limit: 2, expand: ['data.payment_intent', 'data.customer'] }), 'ApiList<Stripe.Charge>');
    expect(distinct(broken)).toEqual([]);
  });

  it('coupons, promotion codes and discounts: created, read, listed, ended, and carried by a session, its subscription and invoices', async () => {
    const product = await catalogProduct();
    const coupon = checked(
      await stripe.coupons.create({
        percent_off: 20,
        duration: 'repeating',
        duration_in_months: 2,
        max_redemptions: 5,
        name: 'Contract',
        applies_to: { products: [product.id] },
      }),
      'Coupon',
    );
    expectShapedLike(coupon, 'coupon');
    checked(await stripe.coupons.retrieve(coupon.id, { expand: ['applies_to'] }), 'Coupon');
    checked(await stripe.coupons.update(coupon.id, { metadata: { a: 'b' } }), 'Coupon');
    checked(await stripe.coupons.list({ limit: 3 }), 'ApiList<Stripe.Coupon>');
    const promo = checked(
      await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        max_redemptions: 3,
        restrictions: { first_time_transaction: true, minimum_amount: 100, minimum_amount_currency: 'usd' },
      }),
      'PromotionCode',
    );
    expectShapedLike(promo, 'promotion_code');
    checked(await stripe.promotionCodes.retrieve(promo.id, { expand: ['promotion.coupon', 'customer'] }), 'PromotionCode');
    checked(await stripe.promotionCodes.list({ coupon: coupon.id, active: true }), 'ApiList<Stripe.PromotionCode>');

    const customer = await stripe.customers.create({ email: `discount-${randomUUID()}@example.com` });
    const monthly = await stripe.prices.create({ currency: 'usd', unit_amount: 1900, product: product.id, recurring: { interval: 'month' } });
    const session = checked(
      await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: monthly.id, quantity: 1 }],
        discounts: [{ promotion_code: promo.id }],
        success_url: 'http://localhost:3000/checkout?status=success',
        expand: ['total_details.breakdown', 'line_items.data.discounts'],
      }),
      'Checkout.Session',
    );
    const discount = checked(session.total_details!.breakdown!.discounts[0]!.discount, 'Discount');
    expectShapedLike(discount, 'discount');
    checked(await stripe.checkout.sessions.listLineItems(session.id, { expand: ['data.discounts'] }), 'ApiList<Stripe.LineItem>');
    expect((await page(`/_stripe/checkout/${session.id}/pay`)).status).toBe(303);
    const subscription = checked(
      await stripe.subscriptions.retrieve(String((await stripe.checkout.sessions.retrieve(session.id)).subscription), { expand: ['discounts'] }),
      'Subscription',
    );
    checked(subscription.discounts[0], 'Discount');
    checked(await stripe.invoices.retrieve(String(subscription.latest_invoice), { expand: ['discounts', 'lines.data.discounts'] }), 'Invoice');
    checked(await stripe.invoices.listLineItems(String(subscription.latest_invoice)), 'ApiList<Stripe.InvoiceLineItem>');
    checked(await stripe.promotionCodes.update(promo.id, { active: false }), 'PromotionCode');
    checked(await stripe.coupons.del(coupon.id), 'DeletedCoupon');
    expect(distinct(broken)).toEqual([]);
  });

  it('a billing portal session', async () => {
    const customer = await stripe.customers.create({ email: 'portal@example.com' });
    const portal = await stripe.billingPortal.sessions.create({ customer: customer.id, return_url: 'http://localhost:3000/account' });
    checked(portal, 'BillingPortal.Session');
    expect(distinct(broken)).toEqual([]);
  });

  it('a dispute: opened, given evidence, listed', async () => {
    const session = await paidSession('payment');
    const intent = await stripe.paymentIntents.retrieve(String(session.payment_intent));
    const opened = await page(`/_stripe/dev/charges/${String(intent.latest_charge)}/dispute`, { headers: { accept: 'application/json' } });
    const { dispute } = (await opened.json()) as { dispute: Stripe.Dispute };
    checked(await stripe.disputes.retrieve(dispute.id), 'Dispute');
    checked(await stripe.disputes.update(dispute.id, { evidence: { uncategorized_text: 'Delivered.' } }), 'Dispute');
    checked(await stripe.disputes.list({ limit: 3 }), 'ApiList<Stripe.Dispute>');
    expect(distinct(broken)).toEqual([]);
  });

  it('events: every webhook sent, retrieved and listed', async () => {
    await paidSession('subscription');
    const sent = await webhooks.sent('invoice.paid');
    checked(await stripe.events.retrieve(sent.id), 'Event');
    for (const body of webhooks.bodies) expect(checked(JSON.parse(body) as Stripe.Event, 'Event').api_version).toBe(Stripe.API_VERSION);
    checked(await stripe.events.list({ limit: 10 }), 'ApiList<Stripe.Event>');
    expect(distinct(broken)).toEqual([]);
  });
});
