import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { axeViolations, horizontalOverflow, openSignedInPage, reloadUntil } from '../support/account-browser';
import { DESKTOP, launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

let browser: Browser;
let site: SiteServer;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('billing-details-e2e')]);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A German consumer who bought Lifetime with 19% VAT: their cookie, once the invoice is issued. */
async function germanBuyer(): Promise<string> {
  const cookie = await signUpOverHttp(site, `details-${randomUUID().slice(0, 8)}@example.com`);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 }, { cookie });
  await chooseOnHostedCheckout(started.result.url, 'pay', { country: 'DE', line1: 'Hauptstraße 1', city: 'Berlin', postal_code: '10115' });
  await eventually(
    () => callFn(site.url, 'getBillingHistory', {}, { cookie, method: 'GET' }),
    (h) => h.result?.charges[0]?.documents.length === 1,
  );
  return cookie;
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('billing details in the dashboard on a %s', (_name, viewport) => {
  it('a business adds its VAT number after buying: the form says the VAT comes back, and the history shows the credit note and the new invoice', async () => {
    const cookie = await germanBuyer();
    const { page, errors, close } = await openSignedInPage(browser, site.url, cookie, viewport);
    await page.goto('/dashboard?section=billing');
    await waitForHydration(page);
    const panel = page.getByRole('region', { name: 'Billing details' });
    // The details the checkout collected are shown, ready to correct.
    expect(await panel.getByTestId('billing-details-summary').textContent()).toContain('Germany');
    await panel.getByRole('button', { name: 'Edit billing details' }).click();
    const form = panel.getByRole('form', { name: 'Billing details' });
    expect(await form.getByLabel('City').inputValue()).toBe('Berlin');
    expect(await axeViolations(page)).toEqual([]);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);

    // A number the register denies is refused beside its field, and nothing is saved.
    await form.getByLabel('Business name (optional)').fill('Beispiel GmbH');
    await form.getByLabel('Tax ID (VAT or GST number) (optional)').fill('DE000000000');
    await form.getByRole('button', { name: 'Save billing details' }).click();
    await form.getByText('does not confirm this number').waitFor();
    expect(await form.getByLabel('Tax ID (VAT or GST number) (optional)').getAttribute('aria-invalid')).toBe('true');

    await form.getByLabel('Tax ID (VAT or GST number) (optional)').fill('DE111111111');
    await form.getByRole('button', { name: 'Save billing details' }).click();
    const status = panel.getByRole('status');
    await status.filter({ hasText: '1 invoice from the last 30 days will be reissued' }).waitFor();
    expect(await status.textContent()).toContain('the reverse charge applies');
    expect(await panel.getByTestId('billing-details-summary').textContent()).toContain('DE111111111 (verified)');

    // The worker reissues the invoice: invoice, credit note, new invoice.
    await reloadUntil(page, async () => (await page.getByTestId('billing-document-link').count()) === 3);
    const links = (await page.getByTestId('billing-document-link').allTextContents()).map((text) => text.trim());
    expect(links).toEqual([expect.stringMatching(/^Invoice INV-/), expect.stringMatching(/^Credit note CN-/), expect.stringMatching(/^Invoice INV-/)]);
    await page.getByTestId('billing-document-link').nth(2).click();
    await page.getByRole('heading', { name: /^Invoice INV-/ }).waitFor();
    expect(await page.getByText('Reverse charge').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('buyer').textContent()).toContain('DE111111111');
    expect(errors).toEqual([]);
    await close();
  }, 90_000);
});
