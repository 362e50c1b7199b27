import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, openPage, PHONE, waitForHydration } from '../support/browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

/** The scripts the page has fetched so far (their paths). */
const scriptsLoaded = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .filter((entry) => (entry as PerformanceResourceTiming).initiatorType === 'script' || entry.name.endsWith('.js'))
      .map((entry) => new URL(entry.name).pathname),
  );

const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
const sameDocument = (page: Page) => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

describe('the home page, kept as the server rendered it', () => {
  it('keeps its sections after hydration without loading their code', async () => {
    const { page, errors, close } = await openPage(browser, PHONE);
    await page.goto('/');
    await waitForHydration(page);
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('The AI workspace that lives inside Obsidian');
    const plans = page.getByRole('region', { name: 'Simple plans, managed AI included' });
    for (const price of ['$9.00', '$19.00', '$199.00']) expect(await plans.getByText(price, { exact: true }).isVisible()).toBe(true);
    expect((await scriptsLoaded(page)).filter((path) => /HomeSections|PlanCard|CheckList/.test(path))).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('follows its links in the app, without loading a new document', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await page.goto('/');
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole('main').getByRole('link', { name: 'Read the docs' }).first().click();
    await page.waitForURL((url) => url.pathname === '/obsidian-ai-plugin-docs');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });

  it('leaves a modified click (a new tab) to the browser', async () => {
    const { page, close } = await openPage(browser, DESKTOP);
    await page.goto('/');
    await waitForHydration(page);
    const opened = page.context().waitForEvent('page');
    await page
      .getByRole('main')
      .getByRole('link', { name: 'Read the docs' })
      .first()
      .click({ modifiers: ['Control'] });
    const tab = await opened;
    await tab.waitForLoadState('domcontentloaded');
    expect(new URL(tab.url()).pathname).toBe('/obsidian-ai-plugin-docs');
    expect(new URL(page.url()).pathname).toBe('/');
    await close();
  });

  it('renders its sections in the browser after a client-side navigation back home', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await page.goto('/resources');
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const plans = page.getByRole('region', { name: 'Simple plans, managed AI included' });
    await plans.getByText('$19.00', { exact: true }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('The AI workspace that lives inside Obsidian');
    expect(await page.getByText('Rated 4.9 from 128 reviews').first().isVisible()).toBe(true);
    expect(await sameDocument(page)).toBe(true);
    // And its links are ordinary app links again.
    await page.getByRole('main').getByRole('link', { name: 'See plans & pricing' }).first().click();
    await page.waitForURL((url) => url.pathname === '/obsidian-ai-plugin');
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});

describe('the footer, kept as the server rendered it', () => {
  it('follows its links in the app and marks the current one, as the header does', async () => {
    const { page, errors, close } = await openPage(browser, DESKTOP);
    await page.goto('/');
    await waitForHydration(page);
    await markDocument(page);
    const footer = page.getByTestId('site-footer');
    expect(await footer.getByRole('link', { name: 'Terms', exact: true }).getAttribute('aria-current')).toBeNull();
    await footer.getByRole('link', { name: 'Terms', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/terms');
    await page.waitForFunction(() => document.querySelector('[data-testid=site-footer] a[href="/terms"]')?.getAttribute('aria-current') === 'page');
    await footer.getByRole('link', { name: 'Privacy', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/privacy');
    await page.waitForFunction(() => document.querySelector('[data-testid=site-footer] a[href="/privacy"]')?.getAttribute('aria-current') === 'page');
    expect(await footer.getByRole('link', { name: 'Terms', exact: true }).getAttribute('aria-current')).toBeNull();
    expect(await sameDocument(page)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
