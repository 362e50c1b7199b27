import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, openSignedInPage, reloadUntil, type AccountPage } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { buyLicenseOverHttp, callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('plan-journeys-e2e')]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

let account: AccountPage | undefined;
afterEach(async () => {
  await account?.close();
  account = undefined;
});

describe('the plans page knows your plan', () => {
  it('a Lifetime owner sees their plan and is offered neither Lifetime nor a monthly plan', async () => {
    const owner = await buyLicenseOverHttp(site, fresh('lifetime'));
    account = await openSignedInPage(browser, site.url, owner.cookie);
    const { page } = account;
    await openPlans(page);

    const lifetime = card(page, 'lifetime-license');
    expect(await lifetime.textContent()).toContain('Your plan');
    await lifetime.getByRole('link', { name: 'Manage your plan' }).waitFor();
    for (const plan of ['starter-monthly', 'pro-monthly']) expect(await card(page, plan).getByTestId('plan-included').textContent()).toBe('Included in your Lifetime license.');
    expect(await page.locator('#plans').getByRole('link', { name: /Buy|Subscribe|Switch/ }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    expect(account.errors).toEqual([]);
  }, 90_000);

  it('a Starter customer sees "Your plan" on Starter and "Switch to Pro" with its proration, never "Subscribe to Starter"', async () => {
    const customer = await subscribeOverHttp('starter-monthly');
    account = await openSignedInPage(browser, site.url, customer.cookie);
    const { page } = account;
    await openPlans(page);

    expect(await card(page, 'starter-monthly').textContent()).toContain('Your plan');
    expect(await page.getByRole('link', { name: 'Subscribe to Starter' }).count()).toBe(0);
    const pro = card(page, 'pro-monthly');
    const preview = pro.getByTestId('plan-switch-preview');
    await preview.waitFor();
    expect(await preview.textContent()).toMatch(/^\$\d+\.\d\d now \(prorated\), then \$\d+\.\d\d a month\.$/);
    expect(await card(page, 'lifetime-license').getByRole('link', { name: 'Buy Lifetime license' }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await pro.getByRole('link', { name: 'Switch to Pro' }).click();
    await page.waitForURL(/\/checkout\?resourceId=pro-monthly&qty=1$/);
    await page.getByTestId('proration-lines').waitFor();
    expect(account.errors).toEqual([]);
  }, 90_000);
});

describe('past due is visible', () => {
  it('a failed renewal shows a warning on the overview and the plan badge, with the hosted invoice to pay it', async () => {
    const customer = await subscribeOverHttp('starter-monthly');
    const failed = await fetch(`${site.url}/_stripe/dev/subscriptions/${customer.subscriptionId}/fail-renewal`, {
      method: 'POST',
      headers: { accept: 'application/json' },
    });
    const { invoice } = (await failed.json()) as { invoice: { hosted_invoice_url: string } };
    expect(invoice.hosted_invoice_url).toMatch(/\/_stripe\/invoice\/in_/);

    account = await openSignedInPage(browser, site.url, customer.cookie);
    const { page } = account;
    await page.goto('/dashboard');
    await reloadUntil(page, async () => (await page.getByTestId('past-due-warning').count()) === 1);
    await waitForHydration(page);
    const warning = page.getByRole('alert').filter({ has: page.getByTestId('past-due-warning') });
    expect(await warning.getByRole('heading').textContent()).toBe("Your Starter plan's renewal is unpaid");
    expect(await warning.getByRole('link', { name: 'Pay now' }).getAttribute('href')).toBe(invoice.hosted_invoice_url);
    expect(await page.getByRole('link', { name: /^Plan Starter Payment overdue$/ }).count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/dashboard?section=license');
    await page.getByTestId('past-due-warning').waitFor();

    await openPlans(page);
    expect(await card(page, 'pro-monthly').getByRole('link', { name: 'Switch to Pro' }).count()).toBe(0);
    await card(page, 'pro-monthly').getByRole('link', { name: 'Pay the renewal' }).waitFor();
    expect(account.errors).toEqual([]);
  }, 90_000);
});

const fresh = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const card = (page: Page, planId: string) => page.locator(`article[data-plan="${planId}"]`);

async function openPlans(page: Page): Promise<void> {
  await page.goto('/obsidian-ai-plugin');
  await waitForHydration(page);
}

/** A signed-up customer whose monthly plan is paid and active (read models included). */
async function subscribeOverHttp(resourceId: string): Promise<{ cookie: string; subscriptionId: string }> {
  const cookie = await signUpOverHttp(site, fresh('monthly'));
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity: 1 }, { cookie });
  await chooseOnHostedCheckout(started.result.url, 'pay');
  const data = await eventually(
    () => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' }),
    (d) => d.result?.licenses[0]?.subscription?.status === 'active',
  );
  return { cookie, subscriptionId: data.result.licenses[0].subscription.subscriptionId };
}
