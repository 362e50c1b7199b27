import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { emulatorStripe } from '../../support/emulator-client';
import { chooseOnHostedCheckout } from '../../support/site-client';
import { startTestApi, type TestApi } from '../../support/test-api';
import { uniqueQueuePrefix } from '../../support/test-database';
import { eventually } from '../../support/waits';

/**
 * The emulator's coupons, promotion codes and discounts, through the real SDK: a session's totals
 * and tax after the discount, each refusal Stripe makes, redemption limits under concurrent
 * checkouts, and a subscription's invoices for as long as its coupon lasts.
 */
let api: TestApi;
let stripe: Stripe;
beforeAll(async () => {
  api = await startTestApi({ env: { QUEUE_PREFIX: uniqueQueuePrefix('emudisc') } });
  stripe = emulatorStripe(api.url);
});
afterAll(async () => {
  await api.close();
});

const DAY = 86_400;
const hostedUrl = (session: Stripe.Checkout.Session) => `${api.url}/_stripe/checkout/${session.id}`;
const complete = (session: Stripe.Checkout.Session) => chooseOnHostedCheckout(hostedUrl(session), 'pay', {});
const product = () => `prod_disc_${randomUUID().slice(0, 8)}`;

async function catalogProducts(): Promise<[Stripe.Product, Stripe.Product]> {
  const { data } = await stripe.products.list({ limit: 2 });
  if (data.length < 2) throw new Error('the emulator holds fewer than two catalog products');
  return [data[0]!, data[1]!];
}

async function price(amount: number, currency = 'eur', productId = product(), recurring = false) {
  return stripe.prices.create({ currency, unit_amount: amount, product: productId, ...(recurring ? { recurring: { interval: 'month' as const } } : {}) });
}

function payment(lines: Stripe.Price[], extra: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: lines.map((one) => ({ price: one.id, quantity: 1 })),
    success_url: 'http://localhost:3000/s',
    ...extra,
  });
}

/** The Stripe error a request is refused with. */
async function refusal(request: Promise<unknown>): Promise<{ statusCode?: number; message: string; param?: string; code?: string }> {
  const error = (await request.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )) as Stripe.errors.StripeError | undefined;
  if (!error) throw new Error('the request was not refused');
  return { statusCode: error.statusCode, message: error.message, param: error.param, code: error.code };
}

describe('coupons and promotion codes', () => {
  it('are created, read, listed, ended and deleted with the fields Stripe gives them', async () => {
    const [first] = await catalogProducts();
    const coupon = await stripe.coupons.create({
      id: `SPRING-${randomUUID().slice(0, 6)}`,
      percent_off: 20,
      duration: 'repeating',
      duration_in_months: 3,
      max_redemptions: 50,
      name: 'Spring',
      applies_to: { products: [first.id] },
      metadata: { campaign: 'spring' },
    });
    expect(coupon).toMatchObject({
      object: 'coupon',
      percent_off: 20,
      amount_off: null,
      currency: null,
      duration_in_months: 3,
      valid: true,
      times_redeemed: 0,
    });
    expect(coupon).not.toHaveProperty('applies_to');
    expect((await stripe.coupons.retrieve(coupon.id, { expand: ['applies_to'] })).applies_to).toEqual({ products: [first.id] });
    expect(await refusal(stripe.coupons.create({ id: coupon.id, percent_off: 5 }))).toMatchObject({ statusCode: 400, code: 'resource_already_exists' });
    expect(await refusal(stripe.coupons.create({ percent_off: 5, amount_off: 100, currency: 'eur' }))).toMatchObject({ statusCode: 400 });
    expect(await refusal(stripe.coupons.create({ amount_off: 100 }))).toMatchObject({ param: 'currency' });
    expect(await refusal(stripe.coupons.create({ percent_off: 5, duration: 'repeating' }))).toMatchObject({ param: 'duration_in_months' });

    const code = `SPRING${randomUUID().slice(0, 6).toUpperCase()}`;
    const promo = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      code,
      max_redemptions: 10,
      restrictions: { first_time_transaction: true, minimum_amount: 1000, minimum_amount_currency: 'EUR' },
    });
    expect(promo).toMatchObject({
      object: 'promotion_code',
      active: true,
      code,
      promotion: { type: 'coupon', coupon: coupon.id },
      restrictions: { first_time_transaction: true, minimum_amount: 1000, minimum_amount_currency: 'eur' },
      times_redeemed: 0,
    });
    expect((await stripe.promotionCodes.retrieve(promo.id, { expand: ['promotion.coupon'] })).promotion.coupon).toMatchObject({ id: coupon.id });
    expect(await refusal(stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code: code.toLowerCase() }))).toMatchObject({
      param: 'code',
    });
    expect((await stripe.promotionCodes.list({ code: code.toLowerCase() })).data.map((one) => one.id)).toEqual([promo.id]);
    expect((await stripe.promotionCodes.list({ coupon: coupon.id })).data.map((one) => one.id)).toEqual([promo.id]);
    const ended = await stripe.promotionCodes.update(promo.id, { active: false, metadata: { ended: 'yes' } });
    expect(ended).toMatchObject({ active: false, metadata: { ended: 'yes' } });
    expect((await stripe.promotionCodes.list({ code, active: true })).data).toEqual([]);

    expect(await stripe.coupons.del(coupon.id)).toMatchObject({ id: coupon.id, object: 'coupon', deleted: true });
    expect(await refusal(stripe.coupons.retrieve(coupon.id))).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    expect((await stripe.coupons.list({ limit: 100 })).data.map((one) => one.id)).not.toContain(coupon.id);
  });
});

describe('a discounted payment session', () => {
  it('takes a percentage off before tax: totals, line items, breakdown, and the redemption counted on completion', async () => {
    const customer = await stripe.customers.create({ email: 'percent@example.com', address: { country: 'DE', city: 'Berlin' } });
    const coupon = await stripe.coupons.create({ percent_off: 25, name: 'Quarter off' });
    const promo = await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id } });
    const session = await payment([await price(1900)], { customer: customer.id, automatic_tax: { enabled: true }, discounts: [{ promotion_code: promo.id }] });
    // 25% of €19.00 is €4.75; Germany's 19% VAT on the €14.25 left is €2.71 (rounded half up).
    expect(session).toMatchObject({
      amount_subtotal: 1900,
      amount_total: 1425 + 271,
      total_details: { amount_discount: 475, amount_tax: 271 },
      discounts: [{ coupon: coupon.id, promotion_code: promo.id }],
    });
    const expanded = await stripe.checkout.sessions.retrieve(session.id, { expand: ['total_details.breakdown', 'line_items.data.discounts'] });
    expect(expanded.total_details!.breakdown!.discounts).toEqual([
      { amount: 475, discount: expect.objectContaining({ object: 'discount', promotion_code: promo.id, source: { type: 'coupon', coupon: coupon.id } }) },
    ]);
    expect(expanded.total_details!.breakdown!.taxes).toEqual([expect.objectContaining({ amount: 271, taxable_amount: 1425 })]);
    expect(expanded.line_items!.data[0]).toMatchObject({ amount_subtotal: 1900, amount_discount: 475, amount_tax: 271, amount_total: 1696 });
    expect(expanded.line_items!.data[0]!.discounts).toEqual([{ amount: 475, discount: expanded.total_details!.breakdown!.discounts[0]!.discount }]);

    // Stripe's page names the code beside the amount it takes off, and charges the total after it.
    const hosted = await (await fetch(hostedUrl(session))).text();
    expect(hosted).toMatch(new RegExp(`Discount \\(${promo.code}\\)</td><td class="amount">−€4\\.75[\\s\\S]*Total</td><td class="amount">€16\\.96`));
    expect((await complete(session)).status).toBe(303);
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect((done.payment_intent as Stripe.PaymentIntent).amount).toBe(1696);
    expect((await stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(1);
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(1);
  });

  it('spreads an amount off over the lines it applies to, in proportion', async () => {
    const coupon = await stripe.coupons.create({ amount_off: 500, currency: 'eur' });
    const session = await payment([await price(1000), await price(3000)], { discounts: [{ coupon: coupon.id }] });
    expect(session).toMatchObject({
      amount_subtotal: 4000,
      amount_total: 3500,
      total_details: { amount_discount: 500 },
      discounts: [{ coupon: coupon.id, promotion_code: null }],
    });
    const items = await stripe.checkout.sessions.listLineItems(session.id);
    expect(items.data.map((item) => [item.amount_discount, item.amount_total])).toEqual([
      [125, 875],
      [375, 2625],
    ]);
  });

  it('takes a coupon limited to products off those products only', async () => {
    const [first, second] = await catalogProducts();
    const coupon = await stripe.coupons.create({ percent_off: 50, applies_to: { products: [second.id] } });
    const session = await payment([await price(1000, 'eur', first.id), await price(2000, 'eur', second.id)], { discounts: [{ coupon: coupon.id }] });
    expect(session).toMatchObject({ amount_subtotal: 3000, amount_total: 2000, total_details: { amount_discount: 1000 } });
  });
});

describe('a discount Stripe refuses', () => {
  const promoParam = 'discounts[0][promotion_code]';

  it('with allow_promotion_codes, or a code ended, expired or used up', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 10 });
    const promo = await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id } });
    const line = await price(1000);
    expect(await refusal(payment([line], { allow_promotion_codes: true, discounts: [{ promotion_code: promo.id }] }))).toEqual({
      statusCode: 400,
      message: 'You may only specify one of these parameters: allow_promotion_codes, discounts.',
      param: 'allow_promotion_codes',
      code: undefined,
    });
    expect((await payment([line], { allow_promotion_codes: true })).allow_promotion_codes).toBe(true);

    await stripe.promotionCodes.update(promo.id, { active: false });
    expect(await refusal(payment([line], { discounts: [{ promotion_code: promo.id }] }))).toMatchObject({
      statusCode: 400,
      param: promoParam,
      message: 'This promotion code is inactive.',
    });

    const once = await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, max_redemptions: 1 });
    expect((await complete(await payment([line], { discounts: [{ promotion_code: once.id }] }))).status).toBe(303);
    expect(await refusal(payment([line], { discounts: [{ promotion_code: once.id }] }))).toMatchObject({
      param: promoParam,
      message: 'This promotion code has been redeemed the maximum number of times.',
    });

    const brief = await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, expires_at: Math.floor(Date.now() / 1000) + 1 });
    const refused = await eventually(
      'the promotion code has expired',
      () => refusal(payment([line], { discounts: [{ promotion_code: brief.id }] })).catch(() => undefined),
      (answer) => answer !== undefined,
      5_000,
      200,
    );
    expect(refused).toMatchObject({ param: promoParam, message: 'This promotion code has expired.' });
  });

  it('for a customer with earlier payments on a first-purchase code, below the minimum, or for none of the products', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 10 });
    const firstTime = await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, restrictions: { first_time_transaction: true } });
    const line = await price(1000);
    const returning = await stripe.customers.create({ email: 'returning@example.com' });
    expect((await payment([line], { customer: returning.id, discounts: [{ promotion_code: firstTime.id }] })).total_details?.amount_discount).toBe(100);
    expect((await complete(await payment([line], { customer: returning.id }))).status).toBe(303);
    expect(await refusal(payment([line], { customer: returning.id, discounts: [{ promotion_code: firstTime.id }] }))).toMatchObject({
      param: promoParam,
      message: 'This promotion code cannot be redeemed because the associated customer has prior transactions.',
    });

    const minimum = await stripe.promotionCodes.create({
      promotion: { type: 'coupon', coupon: coupon.id },
      restrictions: { minimum_amount: 5000, minimum_amount_currency: 'eur' },
    });
    expect(await refusal(payment([line], { discounts: [{ promotion_code: minimum.id }] }))).toMatchObject({
      param: promoParam,
      message: 'This promotion code cannot be redeemed because the amount is less than the minimum amount required.',
    });
    expect((await payment([await price(5000)], { discounts: [{ promotion_code: minimum.id }] })).total_details?.amount_discount).toBe(500);

    const [first, second] = await catalogProducts();
    const elsewhere = await stripe.coupons.create({ percent_off: 10, applies_to: { products: [second.id] } });
    expect(await refusal(payment([await price(1000, 'eur', first.id)], { discounts: [{ coupon: elsewhere.id }] }))).toMatchObject({
      statusCode: 400,
      param: 'discounts[0][coupon]',
      message: expect.stringContaining('cannot be applied to any of the items'),
    });
  });
});

describe('a promotion code’s redemption limit', () => {
  it('holds under 30 checkouts completed at once: exactly 10 complete, the others stay open', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 10 });
    const promo = await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, max_redemptions: 10 });
    const line = await price(1000);
    const sessions = await Promise.all(Array.from({ length: 30 }, () => payment([line], { discounts: [{ promotion_code: promo.id }] })));
    const answers = await Promise.all(sessions.map((session) => complete(session)));
    expect(answers.filter((answer) => answer.status === 303)).toHaveLength(10);
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(20);
    expect((await stripe.promotionCodes.retrieve(promo.id)).times_redeemed).toBe(10);
    expect((await stripe.coupons.retrieve(coupon.id)).times_redeemed).toBe(10);
    const limited = await stripe.coupons.create({ percent_off: 5, max_redemptions: 1 });
    await complete(await payment([line], { discounts: [{ coupon: limited.id }] }));
    // Used up: no longer valid, however it is read.
    expect(await stripe.coupons.retrieve(limited.id)).toMatchObject({ times_redeemed: 1, valid: false });
    expect((await stripe.coupons.list({ limit: 100 })).data.find((one) => one.id === limited.id)).toMatchObject({ valid: false });
    const statuses = await Promise.all(sessions.map(async (session) => (await stripe.checkout.sessions.retrieve(session.id)).status));
    expect(statuses.filter((status) => status === 'complete')).toHaveLength(10);
    expect(statuses.filter((status) => status === 'open')).toHaveLength(20);
  });
});

describe('a discounted subscription', () => {
  const START = Date.UTC(2026, 10, 28, 12) / 1000;

  async function subscribeWith(coupon: Stripe.Coupon, automaticTax = false) {
    const clock = await stripe.testHelpers.testClocks.create({ frozen_time: START });
    const customer = await stripe.customers.create({ email: `sub-${coupon.id}@example.com`, test_clock: clock.id, address: { country: 'DE', city: 'Berlin' } });
    const monthly = await price(2000, 'eur', product(), true);
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      line_items: [{ price: monthly.id, quantity: 1 }],
      discounts: [{ coupon: coupon.id }],
      ...(automaticTax ? { automatic_tax: { enabled: true } } : {}),
      success_url: 'http://localhost:3000/s',
    });
    expect((await complete(session)).status).toBe(303);
    const subscription = await stripe.subscriptions.retrieve(String((await stripe.checkout.sessions.retrieve(session.id)).subscription));
    return { clock, subscription, session };
  }

  /** Advances a clock a month at a time (a clock moves at most two billing periods at once), to `days` after the start. */
  async function advance(clockId: string, days: number): Promise<void> {
    for (let day = Math.min(31, days); ; day = Math.min(day + 31, days)) {
      await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: START + day * DAY });
      await eventually(
        `test clock ${clockId} is ready`,
        () => stripe.testHelpers.testClocks.retrieve(clockId),
        (clock) => clock.status === 'ready',
        20_000,
        50,
      );
      if (day === days) return;
    }
  }

  /** The subscription's invoices, oldest first. */
  async function invoices(subscription: string): Promise<Stripe.Invoice[]> {
    return (await stripe.invoices.list({ subscription, limit: 100 })).data.reverse();
  }

  it('repeating for 3 months: the first three monthly invoices discounted and taxed after the discount, the fourth and fifth at full price', async () => {
    const coupon = await stripe.coupons.create({ percent_off: 50, duration: 'repeating', duration_in_months: 3 });
    const { clock, subscription, session } = await subscribeWith(coupon, true);
    expect(session).toMatchObject({ amount_subtotal: 2000, total_details: { amount_discount: 1000, amount_tax: 190 }, amount_total: 1190 });
    const [discountId] = subscription.discounts as string[];
    expect(discountId).toMatch(/^di_/);
    const discount = (await stripe.subscriptions.retrieve(subscription.id, { expand: ['discounts'] })).discounts[0] as Stripe.Discount;
    expect(discount).toMatchObject({ id: discountId, subscription: subscription.id, customer: subscription.customer, start: START, end: START + 90 * DAY });

    await advance(clock.id, 121);
    const all = await invoices(subscription.id);
    expect(all.map((invoice) => [invoice.billing_reason, invoice.subtotal, invoice.total_excluding_tax, invoice.total, invoice.amount_paid])).toEqual([
      ['subscription_create', 2000, 1000, 1190, 1190],
      ['subscription_cycle', 2000, 1000, 1190, 1190],
      ['subscription_cycle', 2000, 1000, 1190, 1190],
      ['subscription_cycle', 2000, 2000, 2380, 2380],
      ['subscription_cycle', 2000, 2000, 2380, 2380],
    ]);
    const [first] = all;
    expect(first).toMatchObject({
      discounts: [discountId],
      total_discount_amounts: [{ amount: 1000, discount: discountId }],
      total_pretax_credit_amounts: [{ amount: 1000, discount: discountId, type: 'discount' }],
      total_taxes: [expect.objectContaining({ amount: 190, taxable_amount: 1000 })],
    });
    expect(first!.lines.data[0]).toMatchObject({ amount: 2000, discount_amounts: [{ amount: 1000, discount: discountId }] });
    expect(all[3]).toMatchObject({ discounts: [], total_discount_amounts: [] });
    expect((await stripe.subscriptions.retrieve(subscription.id)).discounts).toEqual([]);
  });

  it('once: only the first invoice; forever: every invoice', async () => {
    const once = await subscribeWith(await stripe.coupons.create({ amount_off: 500, currency: 'eur', duration: 'once' }));
    const forever = await subscribeWith(await stripe.coupons.create({ percent_off: 10, duration: 'forever' }));
    await advance(once.clock.id, 61);
    await advance(forever.clock.id, 61);
    expect((await invoices(once.subscription.id)).map((invoice) => invoice.total)).toEqual([1500, 2000, 2000]);
    expect((await invoices(forever.subscription.id)).map((invoice) => invoice.total)).toEqual([1800, 1800, 1800]);
  });
});
