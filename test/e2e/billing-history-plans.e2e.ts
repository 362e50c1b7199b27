import { randomUUID } from 'node:crypto';
import type { Browser, Locator, Page } from 'playwright-core';
import Stripe from 'stripe';
import { formatPeriod } from '../../frontend/src/lib/billing-period';
import { dashboardData, openSitePage, reloadUntil, signUpInDialog, type AccountPage } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { emulatorStripe } from '../support/emulator-client';
import { waitForOutboxMessage } from '../support/outbox';
import { pdfText } from '../support/pdf-text';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

let browser: Browser;
let site: SiteServer;
let stripe: Stripe;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('billing-history-plans-e2e')]);
  stripe = emulatorStripe(site.url);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const DAY = 86_400;
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const INVOICE_NUMBER = /INV-\d{4}-\d{6}/;

describe('the billing history of a plan, in Chromium, with the emulator’s test clock', () => {
  let account: AccountPage;
  afterEach(async () => account?.close());

  it('a German consumer on Starter renews (late) and upgrades to Pro: both charges are listed with their VAT, period and invoice, numbered in sequence', async () => {
    account = await openSitePage(browser, site.url);
    const { page } = account;
    const email = `plans-${randomUUID().slice(0, 8)}@example.com`;
    await buyStarterInGermany(page, email);
    await reloadUntil(page, async () => (await dashboardData(page)).licenses[0]?.subscription?.status === 'active');
    const subscriptionId: string = (await dashboardData(page)).licenses[0].subscription.subscriptionId;
    const start = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_start;
    const renewed = { start: iso(start + 30 * DAY), end: iso(start + 60 * DAY) };

    // The renewal is declined, then paid on Stripe's hosted invoice page: 19% VAT on $9.00.
    await page.goto('/_stripe/dev');
    await page.getByRole('button', { name: `Fail renewal ${subscriptionId}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${subscriptionId} is past_due` })
      .waitFor();
    await page.goto('/dashboard?section=pending-payments');
    await waitForHydration(page);
    const pending = page.getByTestId('pending-payment').filter({ hasText: 'Your renewal payment failed' });
    await reloadUntil(page, async () => (await pending.count()) === 1);
    await pending.getByRole('link', { name: 'Pay now' }).click();
    await page.waitForURL(/\/_stripe\/invoice\//);
    await page.getByRole('button', { name: 'Pay $10.71' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment succeeded' }).waitFor();
    await page.goto('/dashboard?section=overview');
    await reloadUntil(page, async () => (await dashboardData(page)).licenses[0]?.subscription?.status === 'active');

    await page.goto('/checkout?resourceId=pro-monthly');
    await waitForHydration(page);
    // Stripe's proration preview includes the VAT: $10.00 and 19%.
    const due = (await page.getByTestId('proration-due').textContent())!;
    expect(due).toBe('$11.90');
    await page.getByRole('button', { name: `Upgrade to Pro: pay ${due} now` }).click();
    await page.waitForURL(/\/dashboard\?section=overview/);

    await page.goto('/dashboard?section=billing');
    await waitForHydration(page);
    const charges = page.getByTestId('billing-charge');
    // Invoices are issued by the worker a moment after each payment: every charge has one once all three are.
    await reloadUntil(page, async () => (await charges.count()) === 3 && (await page.getByTestId('billing-document-link').count()) === 3, 30_000);
    // Newest first.
    expect(await charges.locator('dd:nth-of-type(2)').allTextContents()).toEqual(['Plan change', 'Renewal', 'Purchase']);
    const renewal = charges.filter({ has: page.getByText('Renewal', { exact: true }) });
    const upgrade = charges.filter({ has: page.getByText('Plan change', { exact: true }) });
    const purchase = charges.filter({ has: page.getByText('Purchase', { exact: true }) });
    expect(await rowFacts(renewal)).toEqual({
      title: 'Starter',
      status: 'paid',
      For: 'Renewal',
      Period: formatPeriod(renewed),
      Amount: '$10.71',
      Tax: '$1.71',
      Date: expect.any(String),
      documents: [expect.stringMatching(new RegExp(`^Invoice ${INVOICE_NUMBER.source}$`))],
    });
    expect(await rowFacts(upgrade)).toEqual({
      title: 'Pro',
      status: 'paid',
      For: 'Plan change',
      // Upgraded as the renewed period began (the test clock stands there): the difference for all of it.
      Period: formatPeriod(renewed),
      Amount: '$11.90',
      Tax: '$1.90',
      Date: expect.any(String),
      documents: [expect.stringMatching(new RegExp(`^Invoice ${INVOICE_NUMBER.source}$`))],
    });
    expect(await rowFacts(purchase)).toEqual({
      title: 'Starter',
      status: 'paid',
      For: 'Purchase',
      Amount: '$10.71',
      Tax: '$1.71',
      Date: expect.any(String),
      documents: [expect.stringMatching(new RegExp(`^Invoice ${INVOICE_NUMBER.source}$`))],
    });
    const [bought, renewalNumber, upgradeNumber] = await Promise.all([invoiceNumberOf(purchase), invoiceNumberOf(renewal), invoiceNumberOf(upgrade)]);

    // One series, numbered in the order the charges were paid, no gap.
    const [series, sequence] = [(n: string) => n.slice(0, 8), (n: string) => Number(n.slice(9))];
    expect(new Set([bought, renewalNumber, upgradeNumber].map(series)).size).toBe(1);
    expect([renewalNumber, upgradeNumber].map(sequence)).toEqual([sequence(bought) + 1, sequence(bought) + 2]);

    await renewal.getByTestId('billing-document-link').click();
    expect(await invoicePage(page, renewalNumber)).toEqual({
      line: 'Starter (renewal)',
      period: `Period ${renewed.start.slice(0, 10)} – ${renewed.end.slice(0, 10)}`,
      total: '$10.71',
    });
    await page.getByRole('link', { name: '← Billing history' }).click();
    await upgrade.getByTestId('billing-document-link').click();
    expect(await invoicePage(page, upgradeNumber)).toEqual({
      line: 'Pro (plan change)',
      period: `Period ${renewed.start.slice(0, 10)} – ${renewed.end.slice(0, 10)}`,
      total: '$11.90',
    });

    // Each receipt email links its own invoice.
    for (const [subject, number] of [
      [/^Starter renewed: your receipt$/, renewalNumber],
      [/^Your receipt: moved to Pro/, upgradeNumber],
    ] as const) {
      const receipt = await waitForOutboxMessage(email, subject, site.url);
      await page.goto(/\/billing\/charges\/subscription-invoice\/[\w-]+/.exec(receipt.page)![0]);
      await page.waitForURL((url) => url.pathname === `/billing/documents/${number}`);
    }

    for (const number of [renewalNumber, upgradeNumber]) {
      const pdf = await page.request.get(`/billing/pdf/${number}.pdf`);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()['content-type']).toBe('application/pdf');
      expect(pdfText(Buffer.from(await pdf.body()))).toContain(number);
    }
    expect(account.errors).toEqual([]);
  }, 150_000);
});

/** Signs up on Starter's checkout and pays on the emulator's hosted page with a German address (19% VAT). */
async function buyStarterInGermany(page: Page, email: string): Promise<void> {
  await page.goto('/checkout?resourceId=starter-monthly');
  await waitForHydration(page);
  await signUpInDialog(page, site.url, email, 'Jonas');
  await page.waitForURL(/\/checkout\?resourceId=starter-monthly/);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await page.waitForURL(/\/_stripe\/checkout\//);
  await page.getByLabel('Country or region').selectOption('DE');
  await page.getByLabel(/^Address line 1/).fill('Friedrichstraße 1');
  await page.getByLabel(/^City/).fill('Berlin');
  await page.getByLabel(/^Postal code/).fill('10117');
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });
}

/** A billing-history row as the customer reads it: its heading, status, each labelled fact, and its documents' links. */
async function rowFacts(row: Locator): Promise<Record<string, unknown>> {
  const [terms, details] = await Promise.all([row.locator('dt').allTextContents(), row.locator('dd').allTextContents()]);
  return {
    title: await row.getByRole('heading').textContent(),
    status: await row.locator('h3 + span').textContent(),
    ...Object.fromEntries(terms.map((term, i) => [term, details[i]])),
    documents: await row.getByTestId('billing-document-link').allTextContents(),
  };
}

const invoiceNumberOf = async (row: Locator) => INVOICE_NUMBER.exec((await row.getByTestId('billing-document-link').textContent()) ?? '')![0];

/** Waits for the invoice page of `number`, then reads its one line, the line's period and the total. */
async function invoicePage(page: Page, number: string): Promise<Record<string, string | null>> {
  await page.waitForURL((url) => url.pathname === `/billing/documents/${number}`);
  await page.getByRole('heading', { name: `Invoice ${number}` }).waitFor();
  const lines = page.locator('article > ul:first-of-type > li');
  expect(await lines.count()).toBe(1);
  return {
    line: await lines.locator('p').first().textContent(),
    period: await lines.locator('p').nth(1).textContent(),
    total: await page.getByTestId('document-total').textContent(),
  };
}
