import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { signUpInDialog } from '../support/account-browser';
import { launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { callFn, signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

// A phone page with axe-core takes 15-20 s here, and longer while the whole suite runs beside it.
jest.setTimeout(90_000);

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('availability-e2e', { LOCAL_ADMIN_EMAILS: 'host-e2e@example.com' })]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

describe('a host sets availability in the dashboard, on a phone', () => {
  it('starts from weekday hours in the browser’s zone, saves changes and overrides, and shows bad hours beside the day', async () => {
    const context = await browser.newContext({ ...PHONE, baseURL: site.url, timezoneId: 'America/New_York' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/dashboard?section=session-availability');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, 'host-e2e@example.com', 'Hannah');
    await page.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    expect(await page.getByLabel('Your time zone').inputValue()).toBe('America/New_York');
    expect(await page.getByLabel('Monday, period 1 starts').inputValue()).toBe('09:00');
    expect(await page.getByLabel('Saturday, period 1 starts').count()).toBe(0);

    await page.getByRole('button', { name: 'Add hours on Saturday' }).click();
    await page.getByLabel('Saturday, period 1 starts').fill('10:00');
    await page.getByLabel('Saturday, period 1 ends').fill('12:00');
    await page.getByLabel('Buffer between sessions (minutes)').fill('20');
    await page.getByLabel('Add a date').fill('2026-12-24');
    await page.getByRole('button', { name: 'Add as a day off' }).click();
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.getByText('Saved. Open slots follow these hours from now on.').waitFor();

    await page.reload();
    await waitForHydration(page);
    await page.getByRole('heading', { name: 'Weekly hours' }).waitFor();
    expect(await page.getByLabel('Saturday, period 1 ends').inputValue()).toBe('12:00');
    expect(await page.getByLabel('Buffer between sessions (minutes)').inputValue()).toBe('20');
    await page.getByText('2026-12-24').waitFor();

    await page.getByLabel('Tuesday, period 1 ends').fill('08:00');
    await page.getByRole('button', { name: 'Save availability' }).click();
    await page.getByText('Each period must end after it starts.').waitFor();
    await page.getByText('Some hours need fixing; see the notes beside them.').waitFor();

    expect(await violations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('tells an account that is not a host that availability is for hosts', async () => {
    const cookie = await signUpOverHttp(site, 'customer-e2e@example.com');
    expect((await callFn(site.url, 'getHostAvailability', {}, { cookie, method: 'GET' })).result).toMatchObject({ host: false });
    const context = await browser.newContext({ baseURL: site.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto('/dashboard?section=session-availability');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, 'customer-two-e2e@example.com', 'Carla');
    await page.getByRole('heading', { name: 'Availability is for hosts' }).waitFor();
    expect(await page.getByRole('button', { name: 'Save availability' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
