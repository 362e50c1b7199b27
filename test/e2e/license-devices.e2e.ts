import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { dashboardData, reloadUntil, signUpInDialog } from '../support/account-browser';
import { launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { validateLicense } from '../support/plugin-admission-decoder';
import { eventually, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { fillBillingAddress } from '../support/hosted-checkout-browser';

let browser: Browser;
let site: SiteServer;
beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('license-devices-e2e')]);
}, 90_000);
afterAll(async () => {
  await browser?.close();
  await site?.stop();
});

async function violations(page: Page): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).analyze();
  return found.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

describe('the devices of a license in the dashboard, on a phone', () => {
  it('lists each device with its last check and plugin version, and releases one by keyboard after saying the cool-down rule', async () => {
    const context = await browser.newContext({ ...PHONE, baseURL: site.url });
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await page.goto('/checkout?resourceId=lifetime-license');
    await waitForHydration(page);
    await signUpInDialog(page, site.url, `devices-${randomUUID().slice(0, 8)}@example.com`, 'Lin');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL(/\/_stripe\/checkout\/cs_/);
    await fillBillingAddress(page);
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL((url) => url.pathname === '/checkout' && url.searchParams.get('status') === 'success');
    await reloadUntil(page, async () => (await dashboardData(page)).licenses.length === 1);
    const key = (await dashboardData(page)).licenses[0].key as string;
    expect(
      (await validateLicense(site.url, key, { 'x-systemsculpt-device-id': `laptop-${randomUUID()}`, 'x-systemsculpt-device-name': 'Work laptop' })).status,
    ).toBe(200);
    expect((await validateLicense(site.url, key, { 'x-systemsculpt-device-id': `phone-${randomUUID()}` })).status).toBe(200);
    await eventually(
      () => dashboardData(page),
      (d) => d.licenses[0].deviceSeats[0].devices.filter((x: { lastSeenAt: string | null }) => x.lastSeenAt).length === 2,
    );

    await page.goto('/dashboard?section=license');
    await waitForHydration(page);
    const seat = page.getByRole('region', { name: 'Your seat' });
    expect(await seat.getByTestId('devices-used').textContent()).toBe('2 of 5 devices');
    const rows = seat.getByTestId('license-device');
    expect(await rows.allTextContents()).toEqual([
      expect.stringMatching(/^Work laptopActivated .* · last seen .* UTC · plugin 4\.2\.0/),
      expect.stringMatching(/^Unnamed deviceActivated /),
    ]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    expect(await violations(page)).toEqual([]);

    await seat.getByRole('button', { name: 'Release Unnamed device' }).focus();
    await page.keyboard.press('Enter');
    expect(await focusedText(page)).toBe('Release this device');
    await page.getByRole('button', { name: 'Keep it' }).click();
    expect(await focusedText(page)).toBe('Release');

    await seat.getByRole('button', { name: 'Release Work laptop' }).focus();
    await page.keyboard.press('Enter');
    const confirmation = page.getByRole('group', { name: 'Release Work laptop' });
    expect(await confirmation.textContent()).toContain(
      'The first 2 releases of a seat in any 30 days free the slot at once; after that, a released slot stays taken for 24 hours. This seat has had 0 of its 2 free releases, so the slot frees at once.',
    );
    expect(await violations(page)).toEqual([]);
    await page.keyboard.press('Enter');
    await seat.getByRole('status').getByText('Work laptop released. Its slot is free now.').waitFor();
    expect(await seat.getByTestId('devices-used').textContent()).toBe('1 of 5 devices');
    expect(await rows.count()).toBe(1);
    expect(await focusedText(page)).toBe('Your seat');
    expect(errors).toEqual([]);
    await context.close();
  }, 90_000);
});
