import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import Stripe from 'stripe';
import { dashboardData, openSitePage, reloadUntil, signUpInDialog, type AccountPage } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { emulatorStripe } from '../support/emulator-client';
import { fillBillingAddress } from '../support/hosted-checkout-browser';

let browser: Browser;
let site: SiteServer;
let stripe: Stripe;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('plan-changes-e2e')]);
  stripe = emulatorStripe(site.url);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Signs up on the checkout of a plan and pays for it on the emulator's hosted page. */
async function buyPlan(page: Page, resourceId: string, button: string): Promise<void> {
  await page.goto(`/checkout?resourceId=${resourceId}`);
  await waitForHydration(page);
  await signUpInDialog(page, site.url, `plans-${randomUUID().slice(0, 8)}@example.com`, 'Pat');
  await page.waitForURL(new RegExp(`/checkout\\?resourceId=${resourceId}`));
  await page.getByRole('button', { name: button, exact: true }).click();
  await page.waitForURL(/\/_stripe\/checkout\//);
  await fillBillingAddress(page);
  await page.locator('button.primary').click();
  await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });
}

describe('one plan per account, in Chromium', () => {
  let account: AccountPage;
  afterEach(async () => account?.close());

  it('upgrades Starter → Pro: the proration is shown before paying, the overview shows Pro afterwards', async () => {
    account = await openSitePage(browser, site.url);
    const { page } = account;
    await buyPlan(page, 'starter-monthly', 'Subscribe');
    await page.goto('/dashboard?section=overview');
    await reloadUntil(page, async () => (await page.getByRole('link', { name: /^Plan Starter$/ }).count()) === 1);

    await page.goto('/checkout?resourceId=pro-monthly');
    await waitForHydration(page);
    const notice = page.getByTestId('plan-change-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('from the Starter plan to the Pro plan at once, on the same subscription');
    const lines = await page.getByTestId('proration-lines').textContent();
    expect(lines).toMatch(/Unused time on .+ after/);
    expect(lines).toMatch(/Remaining time on .+ after/);
    const due = (await page.getByTestId('proration-due').textContent())!;
    expect(due).toMatch(/^\$\d+\.\d\d$/);
    expect(await page.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);

    const subscriptionId = (await dashboardData(page)).licenses[0].subscription.subscriptionId;
    await page.getByRole('button', { name: `Upgrade to Pro: pay ${due} now` }).click();
    await page.waitForURL(/\/dashboard\?section=overview/);
    await page.getByRole('link', { name: /^Plan Pro$/ }).waitFor();
    const invoice = await stripe.invoices.retrieve(String((await stripe.subscriptions.retrieve(subscriptionId)).latest_invoice));
    expect(`$${(invoice.amount_paid / 100).toFixed(2)}`).toBe(due);
    await page.getByTestId('credits-included').filter({ hasText: 'of 400,000' }).waitFor();
    expect(account.errors).toEqual([]);
  }, 90_000);

  it('switches plans before JavaScript loads: the confirm button is a real form, answered with the overview', async () => {
    account = await openSitePage(browser, site.url);
    const { page } = account;
    await buyPlan(page, 'starter-monthly', 'Subscribe');
    await reloadUntil(page, async () => (await dashboardData(page)).licenses[0]?.subscription?.status === 'active');

    const noScript = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false, storageState: await page.context().storageState() });
    try {
      const plain = await noScript.newPage();
      await plain.goto('/checkout?resourceId=pro-monthly');
      const due = (await plain.getByTestId('proration-due').textContent())!;
      await plain.getByRole('button', { name: `Upgrade to Pro: pay ${due} now` }).click();
      await plain.waitForURL(/\/dashboard\?section=overview$/);
    } finally {
      await noScript.close();
    }
    await reloadUntil(page, async () => (await dashboardData(page)).licenses[0]?.plan === 'pro');
  }, 90_000);

  it('a Lifetime owner cannot buy Lifetime again: the checkout page says so, with no payment button', async () => {
    account = await openSitePage(browser, site.url);
    const { page } = account;
    await buyPlan(page, 'lifetime-license', 'Continue to payment');
    await page.goto('/dashboard?section=overview');
    await reloadUntil(page, async () => (await page.getByRole('link', { name: /^Plan Lifetime license$/ }).count()) === 1);

    await page.goto('/checkout?resourceId=lifetime-license');
    await waitForHydration(page);
    const refused = page.getByTestId('plan-refused');
    await refused.waitFor();
    expect(await refused.getAttribute('data-code')).toBe('checkout.plan_already_active');
    expect(await refused.textContent()).toContain('Your Lifetime license is already active');
    expect(await page.getByRole('button', { name: /Continue to payment|Subscribe/ }).count()).toBe(0);

    await page.goto('/checkout?resourceId=starter-monthly');
    await waitForHydration(page);
    await page.getByTestId('plan-refused').waitFor();
    expect(await page.getByTestId('plan-refused').getAttribute('data-code')).toBe('checkout.lifetime_includes_plan');
    expect(await page.getByRole('button', { name: 'Subscribe' }).count()).toBe(0);
    expect(account.errors).toEqual([]);
  }, 90_000);
});
