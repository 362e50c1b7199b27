import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { dashboardData, openSitePage, reloadUntil, signUpInDialog } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { emulatorStripe } from '../support/emulator-client';
import { validateLicense } from '../support/plugin-admission-decoder';
import { readBalance } from '../support/plugin-credits-decoder';
import { eventually, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { fillBillingAddress } from '../support/hosted-checkout-browser';

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('plugin-api-e2e')]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** A license check's answer may be remembered this long (LicenseLookup); a rotation is seen at once. */
const LOOKUP_CACHE_MS = 2_100;

async function buyOnEmulator(page: Page, path: string, payLabel: RegExp): Promise<string> {
  await page.goto(path);
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.waitForURL(/\/_stripe\/checkout\/cs_/);
  await fillBillingAddress(page);
  const checkoutUrl = page.url();
  await page.getByRole('button', { name: payLabel }).click();
  await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('status') === 'success');
  return checkoutUrl;
}

describe('what the plugin sees, driven from the site in Chromium', () => {
  let page: Page;
  let errors: string[];
  let close: () => Promise<void>;
  let key: string;
  let licenseCheckout: string;
  beforeAll(async () => {
    ({ page, errors, close } = await openSitePage(browser, site.url));
  });
  afterAll(() => close());

  it('a bought license validates; a credit pack bought on the emulator grows add_on_remaining in the API and the dashboard', async () => {
    await page.goto('/checkout?resourceId=lifetime-license');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, `plugin-${randomUUID().slice(0, 8)}@example.com`, 'Grace');
    await page.getByRole('heading', { name: 'Lifetime license' }).waitFor();
    licenseCheckout = await buyOnEmulator(page, '/checkout?resourceId=lifetime-license', /^Pay \$/);
    await reloadUntil(page, async () => (await dashboardData(page)).licenses.length === 1);
    key = (await dashboardData(page)).licenses[0].key;
    expect((await validateLicense(site.url, key)).reading).toMatchObject({ kind: 'answer', code: 'allowed' });
    const before = await readBalance(site.url, key);
    expect(before.reading).toMatchObject({ includedRemaining: 150_000, addOnRemaining: 0 });

    await buyOnEmulator(page, '/checkout?resourceId=credits-100k&quantity=2', /^Pay \$20\.00$/);
    const after = await eventually(
      () => readBalance(site.url, key),
      (b) => 'addOnRemaining' in b.reading && b.reading.addOnRemaining === 200_000,
    );
    expect(after.reading).toMatchObject({ totalRemaining: 350_000 });

    await page.goto('/dashboard?section=overview');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Credits' }).waitFor();
    expect(await page.getByTestId('credits-add-on').textContent()).toBe('200,000');
    expect(await page.getByTestId('credits-total').textContent()).toBe('350,000');
    expect(await page.getByTestId('credit-pack').first().textContent()).toContain('200,000 of 200,000 left');
  });

  it('rotating the key in the dashboard makes the old key revoked at once and the new one valid', async () => {
    await page.goto('/dashboard?section=license');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Replace key' }).click();
    await page.getByRole('button', { name: 'Replace the key' }).click();
    await page.getByText('New key ready. Paste it into the plugin on each of your devices.').waitFor();
    expect((await validateLicense(site.url, key)).reading).toMatchObject({ code: 'license_rejected', reason: 'revoked', dropsCachedLicense: true });
    const rotated = (await dashboardData(page)).licenses[0].key as string;
    expect(rotated).not.toBe(key);
    expect((await validateLicense(site.url, rotated)).reading).toMatchObject({ code: 'allowed' });
    key = rotated;
  });

  it('a refund of the license revokes it for the plugin', async () => {
    const stripe = emulatorStripe(site.url);
    const session = await stripe.checkout.sessions.retrieve(new URL(licenseCheckout).pathname.split('/').pop()!);
    await stripe.refunds.create({ payment_intent: String(session.payment_intent) });
    await reloadUntil(page, async () => (await dashboardData(page)).licenses[0].status === 'revoked');
    // Lets another process's remembered answer lapse (LOOKUP_CACHE_MS): its cache tells no one, so only its lifetime can pass.
    await new Promise((resolve) => setTimeout(resolve, LOOKUP_CACHE_MS));
    expect((await validateLicense(site.url, key)).reading).toMatchObject({ code: 'license_rejected', reason: 'revoked' });
    expect(errors).toEqual([]);
  });
});
