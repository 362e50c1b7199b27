import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import { formatPeriod } from '../../frontend/src/lib/billing-period';
import { dashboardData, openSitePage, reloadUntil, signUpInDialog, type AccountPage } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { emulatorStripe } from '../support/emulator-client';
import { waitForOutboxMessage } from '../support/outbox';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { fillBillingAddress } from '../support/hosted-checkout-browser';

let browser: Browser;
let site: SiteServer;
let stripe: Stripe;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('plan-money-trail-e2e')]);
  stripe = emulatorStripe(site.url);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const DAY = 86_400;
const period = (start: number, end: number) => formatPeriod({ start: new Date(start * 1000).toISOString(), end: new Date(end * 1000).toISOString() });

describe('the money trail of a plan, in Chromium, with the emulator’s test clock', () => {
  let account: AccountPage;
  afterEach(async () => account?.close());

  it('Starter → renewal fails → pay it → switch to Pro → both charges in the purchases with their periods, each with a receipt', async () => {
    account = await openSitePage(browser, site.url);
    const { page } = account;
    const email = `trail-${randomUUID().slice(0, 8)}@example.com`;
    await buyStarter(page, email);
    await reloadUntil(page, async () => (await dashboardData(page)).licenses[0]?.subscription?.status === 'active');
    const subscriptionId: string = (await dashboardData(page)).licenses[0].subscription.subscriptionId;
    const start = (await stripe.subscriptions.retrieve(subscriptionId)).items.data[0]!.current_period_start;
    const [first, second] = [period(start, start + 30 * DAY), period(start + 30 * DAY, start + 60 * DAY)];

    // The dev page lets the customer's test clock run to the period end with a card that declines.
    await page.goto('/_stripe/dev');
    await page.getByRole('button', { name: `Fail renewal ${subscriptionId}` }).click();
    await page
      .getByRole('status')
      .filter({ hasText: `${subscriptionId} is past_due` })
      .waitFor();
    const clock = await stripe.testHelpers.testClocks.retrieve(String((await stripe.subscriptions.retrieve(subscriptionId)).test_clock));
    expect(clock).toMatchObject({ status: 'ready', frozen_time: start + 30 * DAY });

    await page.goto('/dashboard?section=pending-payments');
    await waitForHydration(page);
    const pending = page.getByTestId('pending-payment').filter({ hasText: 'Your renewal payment failed' });
    await reloadUntil(page, async () => (await pending.count()) === 1);
    expect(await pending.textContent()).toContain(`Starter · ${second} · $9.00`);
    await pending.getByRole('link', { name: 'Pay now' }).click();
    await page.waitForURL(/\/_stripe\/invoice\//);
    await page.getByRole('button', { name: 'Pay $9.00' }).click();
    await page.getByRole('status').filter({ hasText: 'Payment succeeded' }).waitFor();
    await page.goto('/dashboard?section=overview');
    await reloadUntil(page, async () => (await dashboardData(page)).licenses[0]?.subscription?.status === 'active');

    await page.goto('/checkout?resourceId=pro-monthly');
    await waitForHydration(page);
    const due = (await page.getByTestId('proration-due').textContent())!;
    expect(due).toBe('$10.00');
    await page.getByRole('button', { name: `Upgrade to Pro: pay ${due} now` }).click();
    await page.waitForURL(/\/dashboard\?section=overview/);

    const purchases = page.getByTestId('purchase');
    await reloadUntil(page, async () => (await purchases.count()) === 3);
    expect(await purchases.allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^Pro · ${escape(second)}Plan change · .+\\$10\\.00paid$`)),
      expect.stringMatching(new RegExp(`^Starter · ${escape(second)}Renewal · .+\\$9\\.00paid$`)),
      expect.stringMatching(new RegExp(`^Starter · ${escape(first)}.+\\$9\\.00paid$`)),
    ]);
    await page.goto('/dashboard?section=pending-payments');
    await waitForHydration(page);
    expect(await page.getByTestId('pending-payment').first().textContent()).toContain(`Starter · ${second} · $9.00`);

    const renewed = await waitForOutboxMessage(email, /^Starter renewed: your receipt$/, site.url);
    expect(renewed.page).toContain('$9.00');
    const moved = await waitForOutboxMessage(email, /^Your receipt: moved to Pro \(\$10\.00\)$/, site.url);
    expect(moved.page).toContain('the difference for the rest of this billing period');
    expect(account.errors).toEqual([]);
  }, 120_000);
});

/** Signs up on Starter's checkout and pays on the emulator's hosted page. */
async function buyStarter(page: Page, email: string): Promise<void> {
  await page.goto('/checkout?resourceId=starter-monthly');
  await waitForHydration(page);
  await signUpInDialog(page, site.url, email, 'Pat');
  await page.waitForURL(/\/checkout\?resourceId=starter-monthly/);
  await page.getByRole('button', { name: 'Subscribe', exact: true }).click();
  await page.waitForURL(/\/_stripe\/checkout\//);
  await fillBillingAddress(page);
  await page.locator('button.primary').click();
  await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
