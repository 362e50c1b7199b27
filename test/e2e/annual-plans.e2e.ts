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
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('annual-plans-e2e')]);
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

const card = (page: Page, planId: string) => page.locator(`article[data-plan="${planId}"]`);

describe('annual plans on the plans page, in Chromium', () => {
  let account: AccountPage;
  afterEach(async () => account?.close());

  it('Monthly / Annual is a radio group chosen with the keyboard; a monthly Pro subscriber switches to annual with the proration shown', async () => {
    account = await openSitePage(browser, site.url);
    const { page } = account;
    await page.goto('/checkout?resourceId=pro-monthly');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, `annual-${randomUUID().slice(0, 8)}@example.com`, 'Ann');
    await page.waitForURL(/\/checkout\?resourceId=pro-monthly/);
    await page.getByRole('button', { name: 'Start 7-day free trial', exact: true }).click();
    await page.waitForURL(/\/_stripe\/checkout\//);
    await fillBillingAddress(page);
    await page.locator('button.primary').click();
    await page.getByRole('heading', { name: 'Your free trial has started' }).waitFor({ timeout: 20_000 });
    // The switch is followed for a paying monthly subscriber: the trial ends, and its first month is charged.
    const trialing = (await dashboardData(page)).licenses[0].subscription.subscriptionId;
    await stripe.subscriptions.update(trialing, { trial_end: 'now' });
    await reloadUntil(page, async () => (await dashboardData(page)).licenses[0]?.subscription?.status === 'active');

    await page.goto('/obsidian-ai-plugin');
    await waitForHydration(page);
    const billing = page.getByRole('group', { name: 'Billing' });
    const monthly = billing.getByRole('radio', { name: 'Monthly' });
    const annual = billing.getByRole('radio', { name: /^Annual/ });
    expect(await monthly.isChecked()).toBe(true);
    expect(await card(page, 'pro-monthly').getByText('$19.00').count()).toBe(1);

    // Keyboard: the checked radio takes the focus, an arrow key moves the choice.
    await monthly.focus();
    await page.keyboard.press('ArrowRight');
    expect(await annual.isChecked()).toBe(true);
    const pro = card(page, 'pro-annual');
    await pro.waitFor();
    // The card's price (its switch preview, once loaded, names it too: "…, then $190.00 a year.").
    expect(await pro.getByText('$190.00', { exact: true }).count()).toBe(1);
    expect(await pro.getByText('/year').count()).toBe(1);
    expect(await pro.getByTestId('annual-note').textContent()).toBe('$15.83 a month, billed yearly2 months free');
    expect(await card(page, 'starter-annual').getByTestId('annual-note').textContent()).toBe('$7.50 a month, billed yearly2 months free');
    await pro.getByTestId('plan-switch-preview').waitFor();
    expect(await pro.getByTestId('plan-switch-preview').textContent()).toMatch(/, then \$190\.00 a year\.$/);
    expect(await card(page, 'lifetime-license').count()).toBe(1);
    expect(await violations(page)).toEqual([]);

    await pro.getByRole('link', { name: 'Switch to Pro annual' }).click();
    await page.waitForURL(/\/checkout\?resourceId=pro-annual/);
    const notice = page.getByTestId('plan-change-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('from the Pro plan to the Pro annual plan at once, on the same subscription');
    const lines = await page.getByTestId('proration-lines').textContent();
    expect(lines).toMatch(/Unused time on Pro after/);
    expect(lines).toContain('1 × Pro annual (at $190.00 / year)');
    expect(await page.getByText(/^Then \$190\.00 a year\./).count()).toBe(1);
    const due = (await page.getByTestId('proration-due').textContent())!;
    expect(await violations(page)).toEqual([]);

    const subscriptionId = (await dashboardData(page)).licenses[0].subscription.subscriptionId;
    await page.getByRole('button', { name: `Upgrade to Pro annual: pay ${due} now` }).click();
    await page.waitForURL(/\/dashboard\?section=overview/);
    await page.getByRole('link', { name: /^Plan Pro annual$/ }).waitFor();
    const subscription = await stripe.subscriptions.retrieve(subscriptionId);
    expect(subscription.items.data[0]!.price.recurring).toMatchObject({ interval: 'year' });
    const invoice = await stripe.invoices.retrieve(String(subscription.latest_invoice));
    expect(`$${(invoice.amount_paid / 100).toFixed(2)}`).toBe(due);
    await page.getByTestId('credits-included').filter({ hasText: 'of 400,000' }).waitFor();
    expect(account.errors).toEqual([]);
  }, 120_000);
});
