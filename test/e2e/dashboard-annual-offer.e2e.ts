import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import { axeViolations, dashboardData, horizontalOverflow, openSitePage, reloadUntil, signUpInDialog, type AccountPage } from '../support/account-browser';
import { DESKTOP, launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { emulatorStripe } from '../support/emulator-client';
import { fillBillingAddress } from '../support/hosted-checkout-browser';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

let browser: Browser;
let site: SiteServer;
let stripe: Stripe;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('dashboard-annual-offer-e2e')]);
  stripe = emulatorStripe(site.url);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const offer = (page: Page) => page.getByTestId('annual-offer');

describe("the dashboard's offer of yearly billing, in Chromium", () => {
  let account: AccountPage;
  afterEach(async () => account?.close());

  it('a monthly Starter subscriber follows "Switch to yearly billing", confirms the proration, and is billed yearly', async () => {
    account = await openSitePage(browser, site.url);
    const { page } = account;
    await page.goto('/checkout?resourceId=starter-monthly');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, `yearly-${randomUUID().slice(0, 8)}@example.com`, 'Yves');
    await page.waitForURL(/\/checkout\?resourceId=starter-monthly/);
    await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
    await page.waitForURL(/\/_stripe\/checkout\//);
    await fillBillingAddress(page);
    await page.locator('button.primary').click();
    await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });

    await page.goto('/dashboard?section=license');
    await reloadUntil(page, async () => (await offer(page).count()) === 1);
    await waitForHydration(page);
    expect(await offer(page).locator('p').textContent()).toBe('Pay yearly and save $18.00 a year (17%): $90.00 a year instead of $108.00.');
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE.viewport!);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(DESKTOP.viewport!);

    const subscriptionId = (await dashboardData(page)).licenses[0].subscription.subscriptionId;
    await offer(page).getByRole('link', { name: 'Switch to yearly billing' }).click();
    await page.waitForURL(/\/checkout\?resourceId=starter-annual&quantity=1$/);
    const notice = page.getByTestId('plan-change-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('from the Starter plan to the Starter annual plan at once, on the same subscription');
    const lines = await page.getByTestId('proration-lines').textContent();
    expect(lines).toMatch(/Unused time on Starter after/);
    expect(lines).toContain('1 × Starter annual (at $90.00 / year)');
    const due = (await page.getByTestId('proration-due').textContent())!;
    await page.getByRole('button', { name: `Upgrade to Starter annual: pay ${due} now` }).click();
    await page.waitForURL(/\/dashboard\?section=overview/);
    await page.getByRole('link', { name: /^Plan Starter annual$/ }).waitFor();

    const item = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!;
    expect(item.price).toMatchObject({ unit_amount: 9000, recurring: { interval: 'year' } });
    await page.goto('/dashboard?section=license');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Starter annual' }).waitFor();
    expect(await offer(page).count()).toBe(0);
    expect(account.errors).toEqual([]);
  }, 120_000);
});
