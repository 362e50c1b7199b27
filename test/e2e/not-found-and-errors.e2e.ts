import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, openPage, waitForHydration } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the not-found screen', () => {
  it('shows the 404, its words, and the quick links', async () => {
    const { page, close } = await openPage(browser);
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getByText('404', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    expect(await page.getByText("The page you're looking for doesn't exist or has been moved. Let's get you back on track.").isVisible()).toBe(true);
    expect(await page.getByText('Looking for something specific?').isVisible()).toBe(true);
    const main = page.getByRole('main');
    for (const [name, href] of [
      ['Obsidian AI Plugin', '/obsidian-ai-plugin'],
      ['Resources', '/resources'],
      ['Dashboard', '/dashboard'],
    ] as const) {
      expect(await main.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
    }
    await close();
  });

  it('goes back in history with Go Back, and home with Back to Home without reloading', async () => {
    const { page, close } = await openPage(browser);
    await page.goto('/status');
    await page.goto('/no-such-page');
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Go Back' }).click();
    await page.waitForURL('**/status');
    await page.goto('/no-such-page');
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await close();
  });
});

describe('addresses that cannot name a page', () => {
  const longId = `/resources/${'a'.repeat(121)}`;
  const addresses = [longId, '/resources/%E0%A4%A', '/%', '/resources/%'];

  it.each(addresses)('%s gets the 404 screen with status 404, never raw JSON or the error screen', async (path) => {
    const raw = await fetch(`${baseUrl()}${path}`, { redirect: 'manual' });
    expect(raw.status).toBe(404);
    expect(raw.headers.get('content-type')).toMatch(/^text\/html/);
    const { page, errors, close } = await openPage(browser);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await waitForHydration(page);
    expect(await page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
    expect(await page.getByText('usually temporary').count()).toBe(0);
    // The browser's own copy of the address (after hydration) lands on the same screen, quietly.
    expect(errors.filter((e) => !/404 \(Not Found\)/.test(e))).toEqual([]);
    await close();
  });

  it.each(addresses)('%s after a client-side navigation shows the 404 screen too', async (path) => {
    const { page, close } = await openPage(browser);
    await page.goto('/');
    await waitForHydration(page);
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate', { state: {} }));
    }, path);
    await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
    expect(await page.getByText('usually temporary').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await close();
  });
});

describe('the error screen', () => {
  it('shows the error with Try Again and Home, logs it, and Try Again re-runs the loading', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto('/');
    await waitForHydration(page);
    await page.route('**/_serverFn/getServiceStatus**', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Status checks are paused for maintenance.' } }),
      }),
    );
    await page.getByRole('link', { name: 'System status' }).click();
    await page.getByRole('alert').filter({ hasText: 'Status checks are paused for maintenance.' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try Again' }).isVisible()).toBe(true);
    expect(await page.getByRole('main').getByRole('link', { name: 'Home', exact: true }).getAttribute('href')).toBe('/');
    expect(errors.some((e) => e.includes('Status checks are paused for maintenance.'))).toBe(true);

    await page.unroute('**/_serverFn/getServiceStatus**');
    await page.getByRole('button', { name: 'Try Again' }).click();
    await page.getByRole('heading', { name: 'System status' }).waitFor();
    expect(await page.getByText('All systems operational').isVisible()).toBe(true);
    await close();
  });
});

describe('server functions from the browser', () => {
  it('loads a page whose data comes from /_serverFn after a client-side navigation', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto('/');
    await waitForHydration(page);
    const call = page.waitForResponse((r) => r.url().includes('/_serverFn/getServiceStatus'));
    await page.getByRole('link', { name: 'System status' }).click();
    const response = await call;
    expect(response.status()).toBe(200);
    expect(response.request().method()).toBe('GET');
    await page.getByText('Website and docs').waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});
