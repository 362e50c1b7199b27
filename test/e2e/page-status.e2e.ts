import type { Browser, Page } from 'playwright-core';
import { launchBrowser, openPage, waitForHydration } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** What React says when the browser's first render differs from the server's (in development words or as a minified error). */
const HYDRATION_MISMATCH = /hydrat|did not match|Minified React error #(418|423|425)/i;

/** Goes to `to` inside the page (no document load), as a link would. */
async function navigateInPage(page: Page, to: string): Promise<void> {
  await page.evaluate((address) => {
    window.history.pushState({}, '', address);
    window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
  }, to);
}

describe('a page whose data call is refused', () => {
  it('is the 400 page for a search it cannot run, and the browser hydrates the same page', async () => {
    const { page, errors, close } = await openPage(browser);
    const response = await page.goto('/checkout?resourceId=%00');
    expect(response?.status()).toBe(400);
    await waitForHydration(page);
    await page.getByRole('heading', { name: "We can't run this search" }).waitFor();
    expect(await page.getByText('usually temporary').count()).toBe(0);
    expect(errors.filter((e) => HYDRATION_MISMATCH.test(e))).toEqual([]);
    await page.getByRole('link', { name: 'Open the page without the search' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.searchParams.get('sign_in') === 'open');
    await close();
  });

  it('shows the same pages after a navigation inside the site', async () => {
    const { page, close } = await openPage(browser);
    await page.goto('/');
    await waitForHydration(page);
    await navigateInPage(page, '/checkout?resourceId=%00');
    await page.getByRole('heading', { name: "We can't run this search" }).waitFor();
    await navigateInPage(page, '/invite/%00');
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    await close();
  });
});

describe('a resource address that is not its slug', () => {
  it.each(['/resources/%20lifetime-license%20', '/resources/LIFETIME-LICENSE'])('%s lands on the slug, with nothing logged', async (address) => {
    const { page, errors, close } = await openPage(browser);
    await page.goto(address);
    expect(new URL(page.url()).pathname).toBe('/resources/lifetime-license');
    await waitForHydration(page);
    expect(await page.getByRole('heading', { level: 1, name: 'Lifetime license' }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('moves to the slug after a navigation inside the site too', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto('/');
    await waitForHydration(page);
    await navigateInPage(page, '/resources/%20Lifetime-License%20');
    await page.waitForURL((url) => url.pathname === '/resources/lifetime-license');
    await page.getByRole('heading', { level: 1, name: 'Lifetime license' }).waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
