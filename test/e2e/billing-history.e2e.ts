import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { axeViolations, horizontalOverflow, openSignedInPage, reloadUntil } from '../support/account-browser';
import { DESKTOP, launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { waitForOutboxMessage } from '../support/outbox';
import { buyLicenseOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

let browser: Browser;
let site: SiteServer;
let buyer: { cookie: string };
const email = `billing-${randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('billing-e2e')]);
  buyer = await buyLicenseOverHttp(site, email);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('the billing history on a %s', (_name, viewport) => {
  it('lists the purchase with its invoice; the invoice opens as a page and as a PDF', async () => {
    const { page, errors, close } = await openSignedInPage(browser, site.url, buyer.cookie, viewport);
    await page.goto('/dashboard?section=billing');
    await waitForHydration(page);
    await reloadUntil(page, async () => (await page.getByTestId('billing-document-link').count()) === 1);
    const charge = page.getByTestId('billing-charge');
    await charge.getByRole('heading', { name: 'Lifetime License' }).waitFor();
    expect(await charge.textContent()).toContain('paid');
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    const link = page.getByTestId('billing-document-link');
    const number = /INV-\d{4}-\d{6}/.exec((await link.textContent()) ?? '')![0];
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === `/billing/documents/${number}`);
    await page.getByRole('heading', { name: `Invoice ${number}` }).waitFor();
    expect(await page.getByTestId('seller').textContent()).toContain('SystemSculpt (demo)');
    expect(await page.getByTestId('buyer').textContent()).toContain(email);
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    const pdf = await page.request.get(`/billing/pdf/${number}.pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect(errors).toEqual([]);
    await close();
  }, 90_000);
});

it("the receipt email's invoice link opens the invoice", async () => {
  const receipt = await waitForOutboxMessage(email, /receipt/i, site.url);
  const path = /\/billing\/charges\/checkout\/[\w-]+/.exec(receipt.page)![0];
  const { page, close } = await openSignedInPage(browser, site.url, buyer.cookie);
  await page.goto(path);
  // Issued a moment after the payment: until then the page says it is on its way, and opening it again finds it.
  await reloadUntil(page, async () => new URL(page.url()).pathname.startsWith('/billing/documents/INV-'));
  await page.getByRole('heading', { name: /^Invoice INV-/ }).waitFor();
  await close();
}, 60_000);
