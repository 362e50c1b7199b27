import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { axeViolations, openAdminPage, openSignedInPage, reloadUntil, type AccountPage } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { waitForOutboxMessage } from '../support/outbox';
import {
  buyLicenseOverHttp,
  callFn,
  chooseOnHostedCheckout,
  eventually,
  giveSeatOverHttp,
  signInAdmin,
  signUpOverHttp,
  startAddressableSite,
} from '../support/site-client';
import type { SiteServer } from '../support/site-server';

let browser: Browser;
let site: SiteServer;
const ADMIN_TOKEN = 'plan-journeys-admin-token-0123456789';
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('plan-journeys-e2e', { ADMIN_TOKEN })]);
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
    for (const plan of ['starter-monthly', 'pro-monthly'])
      expect(await card(page, plan).getByTestId('plan-included').textContent()).toBe('Included in your Lifetime license.');
    expect(
      await page
        .locator('#plans')
        .getByRole('link', { name: /Buy|Subscribe|Switch/ })
        .count(),
    ).toBe(0);
    expect(await axeViolations(page)).toEqual([]);

    // The home page's plans say the same.
    await page.goto('/');
    await waitForHydration(page);
    expect(await card(page, 'lifetime-license').textContent()).toContain('Your plan');
    expect(
      await page
        .locator('article[data-plan]')
        .getByRole('link', { name: /Buy|Subscribe|Switch/ })
        .count(),
    ).toBe(0);
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
    await page.waitForURL(/\/checkout\?resourceId=pro-monthly&quantity=1$/);
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

describe('without JavaScript', () => {
  it('/manage-email: each switch and "Unsubscribe from all" is a form post, answered with the same page', async () => {
    const address = longAddress();
    await signUpOverHttp(site, address);
    const link = await manageEmailLink(address);
    const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto(link);
      const newsletter = page.getByRole('switch', { name: 'Newsletter' });
      expect(await newsletter.getAttribute('aria-checked')).toBe('false');
      await newsletter.click();
      await page.waitForURL((url) => url.searchParams.get('status') === 'sent');
      expect(await page.getByRole('status').textContent()).toBe('Saved.');
      expect(await page.getByRole('switch', { name: 'Newsletter' }).getAttribute('aria-checked')).toBe('true');

      await page.getByRole('button', { name: 'Unsubscribe from all' }).click();
      await page.getByText('You are unsubscribed from all our updates.').waitFor();
      for (const name of ['Product updates', 'Newsletter', 'Tips and offers', 'Session reminders'])
        expect(await page.getByRole('switch', { name }).getAttribute('aria-checked')).toBe('false');
      expect(new URL(page.url()).searchParams.get('token')).toBe(new URL(link, site.url).searchParams.get('token'));
    } finally {
      await context.close();
    }
  }, 60_000);

  it('contact: a refused message comes back with what was typed and the field in error', async () => {
    const context = await browser.newContext({ baseURL: site.url, javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/contact');
      await page.getByLabel('Your name').fill('Grace Hopper');
      await page.getByLabel('Email address').fill('grace@example.com');
      await page.getByLabel('What is it about?').selectOption('technical');
      await page.getByLabel('Message').fill('Too short');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.waitForURL(/\/contact\?status=error&reason=VALIDATION_FAILED$/);
      expect(await page.getByLabel('Your name').inputValue()).toBe('Grace Hopper');
      expect(await page.getByLabel('Email address').inputValue()).toBe('grace@example.com');
      expect(await page.getByLabel('What is it about?').inputValue()).toBe('technical');
      const message = page.getByLabel('Message');
      expect(await message.inputValue()).toBe('Too short');
      expect(await message.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByText('Write at least 10 characters so we can help.').count()).toBe(1);
      expect(await page.getByLabel('Your name').getAttribute('aria-invalid')).toBeNull();

      await message.fill('Too short, now long enough to send.');
      await page.getByRole('button', { name: 'Send message' }).click();
      await page.waitForURL(/\/contact\?status=sent$/);
      await page.getByRole('heading', { name: 'Thanks, your message is on its way' }).waitFor();
      expect((await context.cookies()).some((cookie) => cookie.name === 'sculpt_draft')).toBe(false);
    } finally {
      await context.close();
    }
  }, 60_000);
});

describe('phones', () => {
  /** 390 px wide, as the issue measured; every page is read at its full width, scrolled or not. */
  const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };
  const overflows = async (page: Page, path: string, ready?: (page: Page) => Promise<unknown>): Promise<string[]> => {
    await page.goto(path);
    await waitForHydration(page);
    await ready?.(page);
    const width = await page.evaluate(() => document.scrollingElement!.scrollWidth);
    if (width <= 390) return [];
    // Names what sticks out (the innermost elements past the edge, outside any scroller), so a failure says where to look.
    const culprits = await page.evaluate(() =>
      [...document.body.querySelectorAll('*')]
        .filter((el) => el.getBoundingClientRect().right > 391 && ![...el.children].some((child) => child.getBoundingClientRect().right > 391))
        .filter((el) => {
          for (let up = el.parentElement; up; up = up.parentElement) if (getComputedStyle(up).overflowX !== 'visible') return false;
          return true;
        })
        .slice(0, 3)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').slice(0, 3).join('.')}`),
    );
    return [`${path}: ${width} px (${culprits.join(', ')})`];
  };

  it('no main page scrolls sideways at 390 px: public, dashboard (a long address) and admin pages', async () => {
    const address = longAddress();
    const customer = await subscribeOverHttp('starter-monthly', address);
    const wide: string[] = [];

    account = await openSignedInPage(browser, site.url, customer.cookie, PHONE_390);
    const { page } = account;
    const publicPages = ['/', '/obsidian-ai-plugin', '/resources', '/resources/vault-kickstart-bundle', '/sessions', '/contact', '/status'];
    for (const path of [...publicPages, '/terms', '/privacy', '/refund-policy', '/obsidian-ai-plugin-docs', '/obsidian-ai-plugin-docs/getting-started'])
      wide.push(...(await overflows(page, path)));
    wide.push(...(await overflows(page, '/checkout?resourceId=pro-monthly', (p) => p.getByTestId('proration-lines').waitFor())));
    wide.push(...(await overflows(page, '/checkout?resourceId=vault-kickstart-bundle')));
    for (const section of ['overview', 'license', 'resources', 'pending-payments', 'licensed-users', 'sessions'])
      wide.push(...(await overflows(page, `/dashboard?section=${section}`)));
    for (const path of ['/library', '/library/vault-kickstart-bundle', '/learn/from-audio-to-notes']) wide.push(...(await overflows(page, path)));
    wide.push(...(await overflows(page, await manageEmailLink(address), (p) => p.getByRole('switch', { name: 'Newsletter' }).waitFor())));
    wide.push(...(await overflows(page, '/this-page-does-not-exist')));

    const admin = await openAdminPage(browser, site.url, ADMIN_TOKEN, PHONE_390);
    try {
      const console = await signInAdmin(site.url, ADMIN_TOKEN);
      const { results } = await console.result('searchCustomers', { query: address });
      const customerPage = `/admin/customers/${encodeURIComponent(results[0].userId)}`;
      wide.push(
        ...(await overflows(admin.page, '/admin', async (p) => {
          await p.getByLabel('Email, name, license key, Stripe id or booking id').fill(address);
          await p.getByRole('button', { name: 'Search' }).click();
          await p.getByRole('list', { name: 'Matching customers' }).waitFor();
        })),
      );
      for (const path of [customerPage, '/admin/audit', '/admin/events', '/admin/streams', '/admin/webhooks', '/admin/disputes', '/admin/library'])
        wide.push(...(await overflows(admin.page, path)));
      expect(admin.errors).toEqual([]);
    } finally {
      await admin.close();
    }
    expect(wide).toEqual([]);
    expect(account.errors).toEqual([]);
  }, 180_000);
});

describe('words', () => {
  it('a seat holder is not offered to buy seats', async () => {
    const owner = await buyLicenseOverHttp(site, fresh('owner'), 2);
    const holder = await giveSeatOverHttp(site, owner, fresh('holder'));
    account = await openSignedInPage(browser, site.url, holder.cookie);
    const { page } = account;
    await page.goto('/dashboard?section=licensed-users');
    await waitForHydration(page);
    expect(await page.getByTestId('seat-holder-note').textContent()).toContain('Only its owner gives and takes back seats');
    expect(
      await page
        .locator('main')
        .getByRole('link', { name: /plans|Buy/ })
        .count(),
    ).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
  }, 60_000);

  it('the configuration-error checkout says so and offers nothing to pay', async () => {
    account = await openSignedInPage(browser, site.url, await signUpOverHttp(site, fresh('config')));
    const { page } = account;
    await page.goto('/checkout?resourceId=pro-monthly&status=configuration-error');
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'This item cannot be bought right now' }).waitFor();
    expect(await page.getByRole('button', { name: /Subscribe|Continue to payment|pay/i }).count()).toBe(0);
    expect(await page.getByTestId('checkout-total').count()).toBe(0);
    expect(account.errors).toEqual([]);
  }, 60_000);
});

/** A long address with nothing a line may break at (no hyphen), as a phone must show without scrolling sideways. */
const longAddress = () => `aratherlongaddresstocheckhownarrowscreensshowit${randomUUID().slice(0, 8)}@example.com`;

/** A fresh link to manage `address`'s emails, asked for as the page does and read from the site's outbox (a path with its query). */
async function manageEmailLink(address: string): Promise<string> {
  const asked = await callFn(site.url, 'requestManageEmailLink', { email: address });
  expect(asked.status).toBe(200);
  const message = await waitForOutboxMessage(address, /^Your link to manage SystemSculpt emails$/, site.url);
  const url = new URL(/(https?:\/\/[^\s"<]+\/manage-email\?[^\s"<]+)/.exec(message.page)![1]!);
  return `${url.pathname}${url.search}`;
}

const fresh = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;
const card = (page: Page, planId: string) => page.locator(`article[data-plan="${planId}"]`);

async function openPlans(page: Page): Promise<void> {
  await page.goto('/obsidian-ai-plugin');
  await waitForHydration(page);
}

/** A signed-up customer whose monthly plan is paid and active (read models included). */
async function subscribeOverHttp(resourceId: string, email = fresh('monthly')): Promise<{ cookie: string; subscriptionId: string }> {
  const cookie = await signUpOverHttp(site, email);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId, quantity: 1 }, { cookie });
  await chooseOnHostedCheckout(started.result.url, 'pay');
  const data = await eventually(
    () => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' }),
    (d) => d.result?.licenses[0]?.subscription?.status === 'active',
  );
  return { cookie, subscriptionId: data.result.licenses[0].subscription.subscriptionId };
}
