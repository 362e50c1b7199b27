import { randomUUID } from 'node:crypto';
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
let account: AccountPage;
let page: Page;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('subscription-e2e')]);
  stripe = emulatorStripe(site.url);
  account = await openSitePage(browser, site.url);
  page = account.page;
}, 90_000);
afterAll(async () => {
  await account?.close();
  await browser?.close();
  await site?.stop();
});

/** Presses one of the emulator's dev triggers (Renew now, Fail renewal, Cancel, Refund) for an object. */
async function devTrigger(label: string, objectId: string): Promise<void> {
  await page.goto('/_stripe/dev');
  await page.getByRole('button', { name: `${label} ${objectId}` }).click();
  await page.waitForURL(/\/_stripe\/dev/);
}

const licenseText = () => page.getByTestId('license-renewal').textContent();

describe('a monthly subscription on the emulator: renewed, a failed renewal paid, cancelled; a refund revokes', () => {
  let subscriptionId: string;
  let firstRenewal: string;

  // Starter: a first Pro subscription starts with a free trial (pro-trial.test.ts follows that one).
  it('subscribes to Starter from the checkout', async () => {
    await page.goto('/checkout?resourceId=starter-monthly');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, `sub-${randomUUID().slice(0, 8)}@example.com`, 'Sam');
    await page.waitForURL(/\/checkout\?resourceId=starter-monthly/);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/_stripe\/checkout\//);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });
    await page.goto('/dashboard?section=license');
    firstRenewal = (await licenseText())!;
    expect(firstRenewal).toMatch(/^Renews on /);
    subscriptionId = (await dashboardData(page)).licenses[0].subscription.subscriptionId;
  });

  it('renews: the renewal date moves a month on', async () => {
    await devTrigger('Renew now', subscriptionId);
    await page.goto('/dashboard?section=license');
    await reloadUntil(page, async () => (await licenseText()) !== firstRenewal);
    expect(await licenseText()).toMatch(/^Renews on /);
  });

  it('a failed renewal appears as a pending payment, and paying it makes the plan active again', async () => {
    await devTrigger('Fail renewal', subscriptionId);
    await page.goto('/dashboard?section=pending-payments');
    await reloadUntil(page, async () => (await page.getByRole('link', { name: 'Pay now' }).count()) === 1);
    expect(await page.getByTestId('pending-payment').first().textContent()).toContain('Your renewal payment failed');
    await page.goto('/dashboard?section=license');
    await page.getByText('Payment overdue').waitFor();
    await page.goto('/dashboard?section=pending-payments');
    await page.getByRole('link', { name: 'Pay now' }).click();
    await page.waitForURL(/\/_stripe\/invoice\//);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.goto('/dashboard?section=license');
    await reloadUntil(page, async () => (await page.getByText('Payment overdue').count()) === 0 && /^Renews on /.test((await licenseText()) ?? ''));
  });

  it("cancelled: the license ends and the plan's included resources go", async () => {
    await devTrigger('Cancel', subscriptionId);
    await page.goto('/dashboard?section=license');
    await reloadUntil(
      page,
      async () => /^Cancelled; ended /.test((await licenseText()) ?? '') && (await page.getByText('Ended', { exact: true }).count()) === 1,
    );
  });

  it('a refunded purchase loses its access', async () => {
    await page.goto('/checkout?resourceId=mastering-the-chat-workspace');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/_stripe\/checkout\//);
    await fillBillingAddress(page);
    const sessionId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('button', { name: 'Pay $59.00' }).click();
    await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });
    await page.goto('/dashboard?section=resources');
    await page.getByTestId('owned-resources').getByText('Mastering the Chat Workspace', { exact: true }).waitFor();
    const intent = await stripe.paymentIntents.retrieve(String((await stripe.checkout.sessions.retrieve(sessionId)).payment_intent));
    await devTrigger('Refund', String(intent.latest_charge));
    await page.goto('/dashboard?section=resources');
    await reloadUntil(page, async () => (await page.getByText('No resources yet').count()) === 1);
    expect(account.errors).toEqual([]);
  });
});
