import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { signUpInDialog } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

jest.setTimeout(60_000);

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('dashboard-section-code-e2e')]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

/** The scripts the page has fetched so far (their file names). */
const scripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname.split('/').pop() ?? '')
      .filter((name) => name.endsWith('.js')),
  );

describe("the dashboard's sections, each with its own code", () => {
  it('loads none of the other sections on the overview, and a section when it is opened', async () => {
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/dashboard');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, `sections-${randomUUID().slice(0, 8)}@example.com`, 'Sam');
    await page.getByRole('navigation', { name: 'Dashboard sections' }).waitFor();

    // A fresh visit to the overview, as the server renders it.
    await page.goto('/dashboard');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect((await scripts(page)).filter((name) => /^(SessionsSection|AvailabilityEditor|SeatsSection|ResourcesSection)-/.test(name))).toEqual([]);

    await page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link', { name: 'Seats' }).click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'licensed-users');
    await page.getByRole('heading', { level: 1, name: 'Seats' }).waitFor();
    expect((await scripts(page)).some((name) => name.startsWith('SeatsSection-'))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
