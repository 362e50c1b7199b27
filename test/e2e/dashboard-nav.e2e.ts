import AxeBuilder from '@axe-core/playwright';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { signUpInDialog } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

const HOST_EMAIL = `host-${randomUUID().slice(0, 8)}@example.com`;
const PHONE_390 = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const CUSTOMER_TABS = ['Overview', 'License', 'Resources', 'Sessions', 'Pending payments', 'Billing history', 'Seats'];

jest.setTimeout(60_000);

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('dashboard-nav-e2e', { LOCAL_ADMIN_EMAILS: HOST_EMAIL })]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function signedIn(email: string, name: string, path: string): Promise<{ page: Page; errors: string[]; close(): Promise<void> }> {
  const context = await browser.newContext({ ...PHONE_390, baseURL: site.url });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.goto(path);
  await waitForHydration(page);
  await signUpInDialog(page, site.url, email, name);
  await page.getByRole('navigation', { name: 'Dashboard sections' }).waitFor();
  return { page, errors, close: () => context.close() };
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'Dashboard sections' }).getByRole('link');

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('the dashboard’s sections on a 390 px phone', () => {
  it('shows a customer every section they use, all in sight without sideways scrolling, and no host-only tab', async () => {
    const { page, errors, close } = await signedIn(`customer-${randomUUID().slice(0, 8)}@example.com`, 'Cleo', '/dashboard');
    expect(await tabs(page).allInnerTexts()).toEqual(CUSTOMER_TABS);
    for (const tab of await tabs(page).all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(390);
      expect(await tab.isVisible()).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // Every tab is a real link a thumb can reach: the last one opens its section.
    await tabs(page).filter({ hasText: 'Seats' }).click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'licensed-users');
    expect(await tabs(page).filter({ hasText: 'Seats' }).getAttribute('aria-current')).toBe('page');
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('answers a customer who types the host-only address with a plain explanation and where to go instead', async () => {
    const { page, errors, close } = await signedIn(`typist-${randomUUID().slice(0, 8)}@example.com`, 'Tia', '/dashboard?section=session-availability');
    await page.getByRole('heading', { name: 'Availability is for hosts' }).waitFor();
    expect(await page.getByRole('link', { name: 'See the open times' }).getAttribute('href')).toBe('/sessions');
    expect(await tabs(page).filter({ hasText: 'Availability' }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('gives a host the Availability tab too', async () => {
    const { page, errors, close } = await signedIn(HOST_EMAIL, 'Hugo', '/dashboard');
    expect(await tabs(page).allInnerTexts()).toEqual([...CUSTOMER_TABS, 'Availability']);
    await tabs(page).filter({ hasText: 'Availability' }).click();
    await page.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    await close();
  });
});
