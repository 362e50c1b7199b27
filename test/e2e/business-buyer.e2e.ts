import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { openSitePage, reloadUntil, signUpInDialog } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { pdfText } from '../support/pdf-text';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

// The demo seller is in Ireland (the emulator's tax origin); a French business with a VAT id is charged no VAT.
const SELLER_TAX_ID = 'IE1234567T';
const BUYER_VAT_ID = 'FR12345678901';

let browser: Browser;
let site: SiteServer;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('business-buyer-e2e', { SELLER_TAX_ID })]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

it('a business buyer with a VAT id buys Lifetime under the reverse charge; the invoice and its PDF show both tax numbers and "Reverse charge"', async () => {
  const email = `business-${randomUUID().slice(0, 8)}@example.com`;
  const { page, errors, close } = await openSitePage(browser, site.url);
  await page.goto('/checkout?resourceId=lifetime-license&quantity=1');
  await waitForHydration(page);
  await signUpInDialog(page, site.url, email, 'Camille');
  await page.getByRole('heading', { name: 'Lifetime license' }).waitFor();
  await page.getByText(/the tax is calculated from your billing address when you pay/).waitFor();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/_stripe\/checkout\/cs_/);

  await page.getByLabel('Country or region').selectOption('FR');
  await page.getByLabel(/^Address line 1/).fill('12 rue de la Paix');
  await page.getByLabel(/^City/).fill('Paris');
  await page.getByLabel(/^Postal code/).fill('75002');
  await page.getByLabel("I'm purchasing as a business").check();
  await page.getByLabel('Business name').fill('Atelier Camille SARL');
  await page.getByLabel('Tax ID (VAT or GST number)').fill(BUYER_VAT_ID);
  await page.getByRole('button', { name: 'Update total' }).click();
  await page
    .getByText(/reverse charge/i)
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Pay $199.00' }).click();

  await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });
  await page.getByText('Reverse charge — VAT 0%').waitFor();

  await page.goto('/dashboard?section=billing');
  await waitForHydration(page);
  await reloadUntil(page, async () => (await page.getByTestId('billing-document-link').count()) === 1);
  const number = /INV-\d{4}-\d{6}/.exec((await page.getByTestId('billing-document-link').textContent()) ?? '')![0];
  await page.getByTestId('billing-document-link').click();
  await page.getByRole('heading', { name: `Invoice ${number}` }).waitFor();
  expect(await page.getByTestId('seller').textContent()).toContain(SELLER_TAX_ID);
  const buyer = await page.getByTestId('buyer').textContent();
  expect(buyer).toContain('Atelier Camille SARL');
  expect(buyer).toContain(BUYER_VAT_ID);
  await page.getByText('Reverse charge', { exact: false }).first().waitFor();

  const pdf = await page.request.get(`/billing/pdf/${number}.pdf`);
  expect(pdf.status()).toBe(200);
  const text = pdfText(Buffer.from(await pdf.body()));
  expect(text).toContain(SELLER_TAX_ID);
  expect(text).toContain(BUYER_VAT_ID);
  expect(text).toContain('Reverse charge');
  expect(errors).toEqual([]);
  await close();
}, 120_000);
