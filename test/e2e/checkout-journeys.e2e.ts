import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { dashboardData, openSitePage, signUpInDialog } from '../support/account-browser';
import { launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { eventually, signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { fillBillingAddress } from '../support/hosted-checkout-browser';

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('checkout-journeys-e2e')]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

const FREE = 'zettelkasten-starter-templates';
const someone = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** A browser context without JavaScript, signed in as a new account (its session cookie copied in). */
async function noScriptPage(email: string): Promise<{ page: Page; close(): Promise<void> }> {
  const cookie = await signUpOverHttp(site, email);
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: site.url });
  const { hostname } = new URL(site.url);
  await context.addCookies(
    cookie.split('; ').map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name: name!, value: value.join('='), domain: hostname, path: '/' };
    }),
  );
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  return { page, close: () => context.close() };
}

describe('"Get it free"', () => {
  it('signed out: one press opens the sign-in, and once signed in the item is added and opened in the library', async () => {
    const { page, errors, close } = await openSitePage(browser, site.url);
    await page.goto(`/resources/${FREE}`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Get it free' }).click();
    await signUpInDialog(page, site.url, someone('free'), 'Fay');
    await page.waitForURL((url) => url.pathname === `/library/${FREE}`, { timeout: 15_000 });
    const data = await dashboardData(page);
    expect(data.resources.owned).toEqual([expect.objectContaining({ source: 'free', resource: expect.objectContaining({ id: FREE }) })]);
    expect(data.pendingPayments).toEqual([]);

    // Its checkout page (even with a payment status in the address) is the add, never a payment.
    await page.goto(`/checkout?resourceId=${FREE}&status=success`);
    await waitForHydration(page);
    await page.getByText('This is already on your account.').waitFor();
    expect(await page.getByRole('link', { name: 'Open it in your library' }).getAttribute('href')).toBe(`/library/${FREE}`);
    const text = await page.getByRole('main').innerText();
    expect(text).not.toMatch(/payment|Stripe|Confirming/i);
    expect(errors.filter((e) => !/404/.test(e))).toEqual([]);
    await close();
  }, 60_000);

  it('signed in: one press adds it and lands on the library item', async () => {
    const { page, close } = await openSitePage(browser, site.url);
    await page.goto('/');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await signUpInDialog(page, site.url, someone('free-in'), 'Gil');
    await page.goto(`/checkout?resourceId=${FREE}`);
    await waitForHydration(page);
    expect(await page.getByRole('main').innerText()).not.toMatch(/payment|Stripe/i);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await page.getByRole('button', { name: 'Get it free' }).click();
    await page.waitForURL((url) => url.pathname === `/library/${FREE}`);
    expect((await dashboardData(page)).resources.owned).toHaveLength(1);
    await close();
  }, 60_000);
});

describe('in-app links to signed-in pages while signed out', () => {
  const throughSignIn = async (page: Page, click: () => Promise<void>, label: string) => {
    await click();
    await page.getByTestId('sign-in-dialog').waitFor();
    // The dialog opened over the home page, whose address keeps no sign-in parameters.
    await page.waitForURL((url) => url.pathname === '/' && !url.searchParams.has('sign_in'));
    await signUpInDialog(page, site.url, someone(label), 'Dee');
    await page.waitForURL((url) => url.pathname === '/dashboard');
    const answer = await page.request.get(`/_serverFn/getDashboardData?payload=${encodeURIComponent('{}')}`);
    const body = await answer.text();
    expect(body).toContain('"licenses":[]');
  };

  it("the header's Dashboard link opens the sign-in, and signing in goes on to the dashboard", async () => {
    const { page, errors, close } = await openSitePage(browser, site.url);
    await page.goto('/resources');
    await waitForHydration(page);
    await throughSignIn(page, () => page.getByRole('banner').getByRole('link', { name: 'Dashboard', exact: true }).click(), 'header');
    expect(errors).toEqual([]);
    await close();
  }, 60_000);

  it("the phone sheet's Dashboard link does the same", async () => {
    const context = await browser.newContext({ ...PHONE, baseURL: site.url });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto('/obsidian-ai-plugin');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await throughSignIn(page, () => page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Dashboard', exact: true }).click(), 'phone');
    await context.close();
  }, 60_000);

  it("the 404 page's Dashboard quick link does the same", async () => {
    const { page, close } = await openSitePage(browser, site.url);
    await page.goto('/no-such-page');
    await waitForHydration(page);
    await throughSignIn(page, () => page.getByRole('main').getByRole('link', { name: 'Dashboard', exact: true }).click(), 'lost');
    await close();
  }, 60_000);

  it('a checkout link opens the sign-in and comes back to the checkout of that item', async () => {
    const { page, close } = await openSitePage(browser, site.url);
    await page.goto('/resources/the-ai-assisted-vault');
    await waitForHydration(page);
    await page.getByRole('link', { name: 'Buy' }).click();
    await page.getByTestId('sign-in-dialog').waitFor();
    await signUpInDialog(page, site.url, someone('buy-link'), 'Bea');
    await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('resourceId') === 'the-ai-assisted-vault');
    await page.getByRole('button', { name: 'Continue to payment' }).waitFor();
    await close();
  }, 60_000);
});

describe('the success page', () => {
  it('after buying Pro for 3 seats on the emulator, shows only the outcome, and leads to the license', async () => {
    const { page, errors, close } = await openSitePage(browser, site.url);
    const email = someone('pro');
    await page.goto('/checkout?resourceId=pro-monthly&quantity=3');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, email, 'Pia');
    await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('quantity') === '3');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await page.waitForURL(/\/_stripe\/checkout\/cs_/);
    await fillBillingAddress(page);
    // The emulator shows what Stripe would: the product's name, the quantity, the buyer's address.
    expect(await page.locator('td').first().innerText()).toMatch(/^Pro\nQty 3/);
    expect(await page.getByLabel('Email').inputValue()).toBe(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    // The URL says quantity=3 too, but the outcome must come from the purchase; change it to prove it.
    await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('status') === 'success');
    await page.goto(page.url().replace('quantity=3', 'quantity=9'));
    await page.getByRole('heading', { name: 'Payment received: thank you!' }).waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('purchase-outcome').innerText()).toBe('Pro — 3 seats');
    expect(await page.getByRole('button', { name: /Subscribe|Continue to payment/ }).count()).toBe(0);
    expect(await page.getByLabel('Seats').count()).toBe(0);
    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
    expect(violations.map((v) => v.id)).toEqual([]);
    await page.getByRole('link', { name: 'See your license' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard' && url.searchParams.get('section') === 'license');
    expect(errors).toEqual([]);
    await close();
  }, 90_000);
});

describe('checkout without JavaScript', () => {
  it("the checkout form posts and the browser lands on the emulator's checkout page", async () => {
    const { page, close } = await noScriptPage(someone('nojs'));
    await page.goto('/checkout?resourceId=the-ai-assisted-vault');
    // Never hydrated: the page is the server's HTML and nothing else.
    expect(await page.locator('html').getAttribute('data-hydrated')).toBeNull();
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/_stripe\/checkout\/cs_/);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: 'Pay $19.00' }).waitFor();
    await close();
  }, 60_000);

  it('"Get it free" posts and the item is granted, landing on the library item', async () => {
    const { page, close } = await noScriptPage(someone('nojs-free'));
    await page.goto(`/resources/${FREE}`);
    await page.getByRole('button', { name: 'Get it free' }).click();
    await page.waitForURL((url) => url.pathname === `/library/${FREE}`);
    const answer = await page.request.get(`/_serverFn/getDashboardData?payload=${encodeURIComponent('{}')}`);
    const data = ((await answer.json()) as { result: { resources: { owned: unknown[] } } }).result;
    expect(data.resources.owned).toEqual([expect.objectContaining({ source: 'free', resource: expect.objectContaining({ id: FREE }) })]);
    await close();
  }, 60_000);
});

describe('a cancelled checkout', () => {
  it('is listed as cancelled in Pending payments, with nothing to complete', async () => {
    const { page, errors, close } = await openSitePage(browser, site.url);
    await page.goto('/checkout?resourceId=meeting-notes-system');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, someone('cancel'), 'Cal');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/_stripe\/checkout\/cs_/);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: 'Cancel and go back' }).click();
    await page.waitForURL((url) => url.searchParams.get('status') === 'cancelled');
    await page.getByRole('heading', { name: 'Checkout cancelled' }).waitFor();
    // The page cancels on arrival; wait for its record before reading the dashboard (waitForFunction cannot: it takes sync predicates only).
    await eventually(
      () => dashboardData(page),
      (data: { pendingPayments: Array<{ closeReason: string | null }> }) => data.pendingPayments[0]?.closeReason === 'cancelled',
    );
    await page.goto('/dashboard?section=pending-payments');
    await waitForHydration(page);
    const row = page.getByTestId('pending-payment');
    await row.getByText('You cancelled this checkout; nothing was charged.').waitFor();
    expect(await row.getByText('cancelled', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Complete payment' }).count()).toBe(0);
    await page.getByText('Nothing is waiting to be paid').waitFor();
    expect(errors).toEqual([]);
    await close();
  }, 60_000);
});
