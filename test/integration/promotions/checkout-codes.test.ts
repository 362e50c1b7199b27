import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type Stripe from 'stripe';
import { emulatorStripe } from '../../support/emulator-client';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';

const OWNER = `owner-codes-${randomUUID().slice(0, 8)}@example.com`;
let site: SiteServer;
let stripe: Stripe;
let pool: Pool;
let ownerCookie: string;

beforeAll(async () => {
  site = await startAddressableSite('checkout-codes', { LOCAL_ADMIN_EMAILS: OWNER });
  stripe = emulatorStripe(site.url);
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
  ownerCookie = await signUpOverHttp(site, OWNER, 'Olive Owner');
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

const EBOOK = 'the-ai-assisted-vault'; // $19.00
const TEMPLATE = 'meeting-notes-system'; // $12.00
const DAY = 86_400_000;

const terms = (code: string | null, overrides: Record<string, unknown> = {}) => ({
  code,
  name: code ? `Promotion ${code}` : 'Launch sale',
  discount: { type: 'percent', percentOff: 20 },
  duration: { kind: 'once' },
  productIds: [],
  maxRedemptions: null,
  oncePerCustomer: false,
  firstPurchaseOnly: false,
  minimumAmountCents: null,
  startsAt: null,
  endsAt: null,
  stacksWithCodes: false,
  ...overrides,
});

async function createPromotion(code: string | null, overrides: Record<string, unknown> = {}): Promise<string> {
  const created = await callFn(site.url, 'adminCreatePromotion', terms(code, overrides), { cookie: ownerCookie });
  expect(created.status).toBe(200);
  return created.result.promotionId as string;
}

const buyer = (label: string) => signUpOverHttp(site, `${label}-${randomUUID().slice(0, 8)}@example.com`);
const page = (cookie: string, resourceId: string, code?: string) =>
  callFn(site.url, 'getCheckoutData', { resourceId, ...(code ? { code } : {}) }, { cookie, method: 'GET' }).then((answer) => answer.result);
const start = (cookie: string, resourceId: string, code?: string) =>
  callFn(site.url, 'initiateCheckout', { resourceId, quantity: 1, ...(code ? { code } : {}) }, { cookie });
const sessionOf = (url: string) => stripe.checkout.sessions.retrieve(new URL(url).pathname.split('/').pop()!);
const redeemed = async (promotionId: string) =>
  Number((await pool.query(`select count(*) from events where type = 'PromotionRedeemed' and data->>'promotionId' = $1`, [promotionId])).rows[0].count);

/** A buyer who paid for the ebook at list price (so a first-purchase-only code refuses them). */
async function paidBuyer(label: string): Promise<string> {
  const cookie = await buyer(label);
  const started = await start(cookie, TEMPLATE);
  await chooseOnHostedCheckout(started.result.url, 'pay');
  await eventually(
    () => page(cookie, TEMPLATE),
    (data) => data.owned === true,
  );
  return cookie;
}

describe('promotion codes at checkout', () => {
  it('a code that applies: the page shows the discount, Stripe charges the discounted price, and the redemption is recorded when paid', async () => {
    await createPromotion('SAVE20');
    const cookie = await buyer('save20');
    // Typed in any case, with spaces around it.
    const data = await page(cookie, EBOOK, ' save20 ');
    expect(data.codeRefusal).toBeNull();
    expect(data.discount).toEqual({
      promotionId: 'SAVE20',
      code: 'SAVE20',
      name: 'Promotion SAVE20',
      amountOffCents: 380,
      duration: { kind: 'once' },
      stackedWith: null,
    });

    const started = await start(cookie, EBOOK, 'save20');
    expect(started.result.outcome).toBe('redirect');
    const session = await sessionOf(started.result.url);
    expect(session.discounts).toEqual([expect.objectContaining({ coupon: 'promotion-SAVE20' })]);
    expect(session.total_details?.amount_discount).toBe(380);
    expect(session.amount_total).toBe(1520);
    expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);

    await eventually(
      () => page(cookie, EBOOK),
      (after) => after.owned === true,
    );
    await eventually(
      () => redeemed('SAVE20'),
      (count) => count === 1,
    );
    const purchase = await pool.query(
      `select data from events where type = 'PurchaseCompleted' and data->>'userId' = (select data->>'userId' from events where type = 'PromotionRedeemed' limit 1)`,
    );
    expect(purchase.rows[0].data).toMatchObject({ amountCents: 1520, discount: { promotionId: 'SAVE20', code: 'SAVE20', amountOffCents: 380 } });
    const intent = await stripe.paymentIntents.retrieve(purchase.rows[0].data.paymentIntentId);
    expect(intent.amount).toBe(1520);
  });

  it('answers each code that does not apply with its reason, on the page and at checkout, and opens nothing', async () => {
    const now = Date.now();
    await createPromotion('ENDEDCODE');
    expect((await callFn(site.url, 'adminEndPromotion', { promotionId: 'ENDEDCODE' }, { cookie: ownerCookie })).status).toBe(200);
    await createPromotion('LATER', { startsAt: new Date(now + 10 * DAY).toISOString() });
    await createPromotion('BYGONE', { startsAt: new Date(now - 10 * DAY).toISOString(), endsAt: new Date(now - DAY).toISOString() });
    await createPromotion('PROONLY', { productIds: ['pro-monthly'] });
    await createPromotion('NEWBIES', { firstPurchaseOnly: true });
    await createPromotion('BIGSPEND', { minimumAmountCents: 5_000 });
    await createPromotion('ONCEEACH', { oncePerCustomer: true });
    await createPromotion('JUSTONE', { maxRedemptions: 1 });

    // Used once by one buyer (ONCEEACH) and used up by another (JUSTONE).
    const veteran = await buyer('veteran');
    for (const code of ['ONCEEACH', 'JUSTONE']) {
      const resourceId = code === 'ONCEEACH' ? TEMPLATE : 'prompting-for-notes';
      const started = await start(veteran, resourceId, code);
      expect([started.result?.outcome, started.error]).toEqual(['redirect', undefined]);
      await chooseOnHostedCheckout(started.result.url, 'pay');
      await eventually(
        () => redeemed(code),
        (count) => count === 1,
      );
    }
    const returning = await paidBuyer('returning');
    const fresh = await buyer('fresh');

    const cases: Array<[string, string, string]> = [
      [fresh, 'NOPE-NOT-A-CODE', 'unknown'],
      [fresh, 'no spaces allowed', 'unknown'],
      [fresh, 'ENDEDCODE', 'ended'],
      [fresh, 'LATER', 'not_started'],
      [fresh, 'BYGONE', 'expired'],
      [fresh, 'JUSTONE', 'used_up'],
      [fresh, 'PROONLY', 'not_for_product'],
      [returning, 'NEWBIES', 'first_purchase_only'],
      [veteran, 'ONCEEACH', 'already_used'],
      [fresh, 'BIGSPEND', 'below_minimum'],
    ];
    for (const [cookie, code, reason] of cases) {
      const data = await page(cookie, EBOOK, code);
      expect([code, data.discount, data.codeRefusal?.reason]).toEqual([code, null, reason]);
      expect(data.codeRefusal.message.length).toBeGreaterThan(10);
      const started = await start(cookie, EBOOK, code);
      expect([code, started.status, started.error?.code, started.error?.message]).toEqual([code, 422, 'checkout.discount_refused', data.codeRefusal.message]);
    }
    // The same buyer's other code still applies; nothing was held for the refused ones.
    expect((await page(fresh, EBOOK, 'ONCEEACH')).discount).toMatchObject({ amountOffCents: 380 });
    expect(
      Number(
        (await pool.query(`select count(*) from events where type = 'PromotionHeld' and data->>'promotionId' in ('ENDEDCODE', 'LATER', 'BYGONE', 'PROONLY')`))
          .rows[0].count,
      ),
    ).toBe(0);
  });

  it('holds the redemption limit under 30 concurrent checkouts: exactly 10 open with the code, the rest are told it is used up', async () => {
    await createPromotion('TENONLY', { maxRedemptions: 10 });
    const cookies = await Promise.all(Array.from({ length: 30 }, (_, i) => buyer(`rush${i}`)));
    const answers = await Promise.all(cookies.map((cookie) => start(cookie, EBOOK, 'TENONLY')));
    const opened = answers.filter((answer) => answer.status === 200);
    const refused = answers.filter((answer) => answer.status === 422);
    expect([opened.length, refused.length]).toEqual([10, 20]);
    expect(new Set(refused.map((answer) => answer.error?.message))).toEqual(new Set(['This code has been used as many times as it allows.']));
    await Promise.all(opened.map((answer) => chooseOnHostedCheckout(answer.result.url, 'pay')));
    await eventually(
      () => redeemed('TENONLY'),
      (count) => count === 10,
    );
    // Paid for good: an eleventh buyer is refused, on the page too.
    expect((await page(await buyer('late'), EBOOK, 'TENONLY')).codeRefusal).toMatchObject({ reason: 'used_up' });
  });

  it('a checkout closed unpaid gives its hold back: the next buyer gets the last redemption', async () => {
    await createPromotion('LASTONE', { maxRedemptions: 1 });
    const first = await buyer('closer');
    const second = await buyer('next');
    const started = await start(first, EBOOK, 'LASTONE');
    expect(started.status).toBe(200);
    expect((await page(second, EBOOK, 'LASTONE')).codeRefusal).toMatchObject({ reason: 'used_up' });
    // The buyer holding it, back on the page (the browser's back button), still sees it apply: their own checkout does not count against them.
    expect((await page(first, EBOOK, 'LASTONE')).discount).toMatchObject({ code: 'LASTONE', amountOffCents: 380 });
    // Back from Stripe's page through its "back" link: the checkout closes, and its Stripe session expires.
    expect((await callFn(site.url, 'cancelCheckout', { resourceId: EBOOK }, { cookie: first })).status).toBe(200);
    await eventually(
      () => page(second, EBOOK, 'LASTONE'),
      (data) => data.discount?.code === 'LASTONE',
    );
    expect((await start(second, EBOOK, 'LASTONE')).status).toBe(200);
  });

  it('a sale applies without a code; a code that takes off less is refused with that reason, one that takes off more replaces it', async () => {
    const sale = await createPromotion(null, { discount: { type: 'percent', percentOff: 25 }, productIds: [TEMPLATE] });
    await createPromotion('TENOFF', { discount: { type: 'percent', percentOff: 10 } });
    await createPromotion('HALFOFF', { discount: { type: 'percent', percentOff: 50 } });
    const cookie = await buyer('sale');
    const data = await eventually(
      () => page(cookie, TEMPLATE),
      (found) => found.discount !== null,
    );
    expect(data.discount).toEqual({ promotionId: sale, code: null, name: 'Launch sale', amountOffCents: 300, duration: { kind: 'once' }, stackedWith: null });
    expect(await page(cookie, TEMPLATE, 'TENOFF')).toMatchObject({ discount: { promotionId: sale }, codeRefusal: { reason: 'sale_is_better' } });
    expect((await page(cookie, TEMPLATE, 'HALFOFF')).discount).toMatchObject({ code: 'HALFOFF', amountOffCents: 600 });
    // Bought without a code: Stripe charges the sale's price.
    const started = await start(cookie, TEMPLATE);
    const session = await sessionOf(started.result.url);
    expect([session.discounts?.[0]?.coupon, session.amount_total]).toEqual([`promotion-${sale}`, 900]);
  });

  it('a sale the owner lets stack is taken with a code: one coupon at Stripe for both, and both are redeemed when paid', async () => {
    const sale = await createPromotion(null, {
      name: 'Course week',
      discount: { type: 'percent', percentOff: 10 },
      productIds: ['from-audio-to-notes'],
      stacksWithCodes: true,
    });
    await createPromotion('STUDENT', { discount: { type: 'amount', amountOffCents: 500, currency: 'usd' } });
    const cookie = await buyer('stacker');
    // $39.00: 10% off ($3.90) and $5.00 off.
    const data = await eventually(
      () => page(cookie, 'from-audio-to-notes', 'STUDENT'),
      (found) => found.discount?.stackedWith != null,
    );
    expect(data.discount).toMatchObject({
      promotionId: 'STUDENT',
      name: 'Promotion STUDENT + Course week',
      amountOffCents: 890,
      stackedWith: { promotionId: sale, name: 'Course week' },
    });
    const started = await start(cookie, 'from-audio-to-notes', 'STUDENT');
    const session = await sessionOf(started.result.url);
    expect([session.discounts?.[0]?.coupon, session.amount_total]).toEqual([`promotion-STUDENT--${sale}--890`, 3010]);
    await chooseOnHostedCheckout(started.result.url, 'pay');
    await eventually(
      async () => [await redeemed('STUDENT'), await redeemed(sale)],
      (counts) => counts[0] === 1 && counts[1] === 1,
    );
  });

  it('a subscription keeps a three-month code on its renewals: each renewal invoice shows the list price and the discount', async () => {
    await createPromotion('THREEMONTHS', { duration: { kind: 'repeating', months: 3 } });
    const cookie = await buyer('renewing');
    expect((await page(cookie, 'starter-monthly', 'THREEMONTHS')).discount).toMatchObject({ amountOffCents: 180, duration: { kind: 'repeating', months: 3 } });
    const started = await start(cookie, 'starter-monthly', 'THREEMONTHS');
    expect((await sessionOf(started.result.url)).amount_total).toBe(720);
    await chooseOnHostedCheckout(started.result.url, 'pay');
    const data = await eventually(
      () => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' }),
      (d) => d.result?.licenses[0]?.subscription?.subscriptionId !== undefined,
    );
    const subscriptionId = data.result.licenses[0].subscription.subscriptionId as string;
    const renew = await fetch(`${site.url}/_stripe/dev/subscriptions/${subscriptionId}/renew`, {
      method: 'POST',
      headers: { accept: 'application/json', origin: site.url },
    });
    expect(renew.status).toBe(200);
    const renewal = await stripe.invoices.retrieve(String((await stripe.subscriptions.retrieve(subscriptionId)).latest_invoice));
    expect([renewal.billing_reason, renewal.amount_paid]).toEqual(['subscription_cycle', 720]);

    const issued = await eventually(
      () => pool.query(`select data from events where type = 'InvoiceIssued' and data->'charge'->>'id' = $1`, [renewal.id]),
      (rows) => rows.rowCount === 1,
    );
    const lines = issued.rows[0].data.lines.map((line: { description: string; amountCents: number }) => [line.description, line.amountCents]);
    expect(lines).toEqual([
      ['Starter (renewal)', 900],
      ['Discount: Promotion THREEMONTHS', -180],
    ]);
  });
});
