import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import type Stripe from 'stripe';
import { axeViolations, openSitePage, reloadUntil, signUpInDialog, type AccountPage } from '../support/account-browser';
import { launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { emulatorStripe } from '../support/emulator-client';
import { fillBillingAddress } from '../support/hosted-checkout-browser';
import { callFn, signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

const SALE_ENDS = '2099-03-21T12:00:00.000Z';
const OWNER = `owner-e2e-codes-${randomUUID().slice(0, 8)}@example.com`;
let browser: Browser;
let site: SiteServer;
let stripe: Stripe;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('promotion-codes-e2e', { LOCAL_ADMIN_EMAILS: OWNER })]);
  stripe = emulatorStripe(site.url);
  const owner = await signUpOverHttp(site, OWNER, 'Olive Owner');
  const create = (code: string, percentOff: number, extra: Record<string, unknown> = {}) =>
    callFn(
      site.url,
      'adminCreatePromotion',
      {
        code,
        name: 'Readers’ offer',
        discount: { type: 'percent', percentOff },
        duration: { kind: 'once' },
        productIds: [],
        maxRedemptions: null,
        oncePerCustomer: true,
        firstPurchaseOnly: false,
        minimumAmountCents: null,
        startsAt: null,
        endsAt: null,
        stacksWithCodes: false,
        ...extra,
      },
      { cookie: owner },
    );
  expect((await create('READERS20', 20)).status).toBe(200);
  expect((await create('BIGBUYERS', 50, { minimumAmountCents: 10_000 })).status).toBe(200);
  const sale = await create(null as unknown as string, 20, {
    name: 'Spring sale',
    duration: { kind: 'repeating', months: 3 },
    productIds: ['starter-monthly'],
    oncePerCustomer: false,
    endsAt: SALE_ENDS,
  });
  expect(sale.status).toBe(200);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe('a promotion code in Chromium', () => {
  let account: AccountPage;
  afterEach(async () => account?.close());

  it('a link with a code shows the discounted total; Stripe charges exactly that; the invoice shows the discount', async () => {
    account = await openSitePage(browser, site.url);
    const { page } = account;
    await page.goto('/checkout?resourceId=the-ai-assisted-vault&code=readers20');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, `reader-${randomUUID().slice(0, 8)}@example.com`, 'Rae');
    await page.waitForURL(/code=readers20/);

    await page.getByTestId('promotion-applied').waitFor();
    expect(await page.getByTestId('promotion-applied').textContent()).toContain('READERS20 applied: Readers’ offer.');
    expect(await page.getByTestId('checkout-discount').textContent()).toBe('Code READERS20−$3.80');
    expect(await page.getByTestId('checkout-total').textContent()).toBe('$15.20');
    expect(await axeViolations(page)).toEqual([]);

    // Another code, typed and applied with Enter: refused with its reason, announced beside the field; the total is the list price.
    await page.getByRole('button', { name: 'Remove code READERS20' }).click();
    const field = page.getByLabel('Promotion code (optional)');
    await field.waitFor();
    await field.fill('bigbuyers');
    await field.press('Enter');
    await page.getByTestId('promotion-refusal').waitFor();
    expect(await page.getByTestId('promotion-refusal').textContent()).toBe('This code needs a larger purchase.');
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByTestId('checkout-total').textContent()).toBe('$19.00');
    expect(await axeViolations(page)).toEqual([]);

    // Back to the code that applies, then on to Stripe's page: it charges the discounted total.
    await field.fill('READERS20');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('promotion-applied').waitFor();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/_stripe\/checkout\//);
    expect(await page.locator('tr', { hasText: 'Discount' }).textContent()).toContain('−$3.80');
    expect(await page.locator('tr.total').textContent()).toContain('$15.20');
    await fillBillingAddress(page);
    await page.locator('button.primary').click();
    await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });
    const sessionId = (await stripe.checkout.sessions.list({ limit: 1 })).data[0]!.id;
    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] });
    expect([session.amount_total, (session.payment_intent as Stripe.PaymentIntent).amount, session.total_details?.amount_discount]).toEqual([1520, 1520, 380]);

    // The invoice: the list price, the discount as its own line, and what was charged.
    await page.goto('/dashboard?section=billing');
    await waitForHydration(page);
    await reloadUntil(page, async () => (await page.getByTestId('billing-document-link').count()) === 1);
    // The billing history lists what came off, beside the amount paid.
    const charge = page.getByTestId('billing-charge');
    expect(await charge.getByText('Discount: code READERS20 (Readers’ offer)').count()).toBe(1);
    expect(await charge.getByTestId('billing-discount').textContent()).toBe('−$3.80');
    await page.getByTestId('billing-document-link').click();
    await page.getByRole('heading', { name: /^Invoice INV-/ }).waitFor();
    const lines = await page.locator('article > ul:first-of-type > li').allTextContents();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain('The AI-Assisted Vault');
    expect(lines[0]).toContain('$19.00');
    expect(lines[1]).toContain('Discount: code READERS20 (Readers’ offer)');
    expect(lines[1]).toMatch(/[−-]\$3\.80/);
    expect(await page.getByTestId('document-total').textContent()).toContain('$15.20');
    expect(await axeViolations(page)).toEqual([]);
  }, 120_000);

  it('on a phone, the code field and the discount line fit the screen', async () => {
    account = await openSitePage(browser, site.url, PHONE);
    const { page } = account;
    await page.goto('/checkout?resourceId=meeting-notes-system&code=READERS20');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, `phone-reader-${randomUUID().slice(0, 8)}@example.com`, 'Pia');
    await page.getByTestId('promotion-applied').waitFor();
    expect(await page.getByTestId('checkout-total').textContent()).toBe('$9.60');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  }, 90_000);

  it('a sale is shown on the plans page with its end date, and applies at checkout without a code', async () => {
    account = await openSitePage(browser, site.url);
    const { page } = account;
    await page.goto('/obsidian-ai-plugin');
    await waitForHydration(page);
    const sales = page.getByTestId('running-sales');
    await sales.waitFor();
    expect(await sales.textContent()).toBe('Spring sale: 20% off your first 3 months on Starter, until Mar 21, 2099. Applied at checkout, no code needed.');
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/checkout?resourceId=starter-monthly');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, `sale-${randomUUID().slice(0, 8)}@example.com`, 'Sal');
    await page.getByTestId('checkout-discount').waitFor();
    expect(await page.getByTestId('checkout-discount').textContent()).toBe('Spring sale (for your first 3 months)−$1.80');
    expect(await page.getByTestId('checkout-total').textContent()).toBe('$7.20');
    expect(await page.getByTestId('checkout-then').textContent()).toBe('Then $9.00 a month.');
  }, 90_000);
});
