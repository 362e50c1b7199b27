import type { Browser } from 'playwright-core';
import { baseUrl, launchBrowser, openPage, waitForHydration } from '../support/browser';
import { E2E_ADMIN_TOKEN } from '../support/e2e-setup';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser.close());

describe('the admin area', () => {
  it('is not indexed and asks for the admin token first', async () => {
    const response = await fetch(`${baseUrl()}/admin`);
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(await response.text()).toContain('Admin token');
  });

  it('says so when the token is wrong', async () => {
    const { page, close } = await openPage(browser);
    await page.goto('/admin');
    await page.getByLabel('Admin token').fill('definitely-not-the-token');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'That token is not right' }).waitFor();
    await close();
  });

  it('lets an administrator replay a read model, watch it finish, and read the events that recorded it', async () => {
    const { page, errors, close } = await openPage(browser);
    await page.goto('/admin');
    await page.getByLabel('Admin token').fill(E2E_ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Read models' }).waitFor();
    await waitForHydration(page);
    const row = page.getByRole('row', { name: /StreamSummaryProjector/ });
    await row.getByRole('button', { name: 'Replay' }).click();
    await row.getByText(/Rebuilt from \d+ events? and swapped in\./).waitFor({ timeout: 15_000 });
    expect(await row.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('100');

    await page.getByRole('link', { name: 'Events' }).click();
    await page.getByRole('heading', { name: 'Events' }).waitFor();
    const list = page.getByRole('list', { name: 'Events, newest first' });
    await list.getByText('ReplayCompleted').first().waitFor();
    await page.getByLabel('Type').selectOption('ReplayRequested');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/type=ReplayRequested/);
    const first = list.getByRole('listitem').filter({ hasText: 'ReplayRequested' }).first();
    await first.locator('summary').click();
    expect(await first.locator('pre').textContent()).toContain('"projector": "StreamSummaryProjector"');

    await page.getByRole('link', { name: 'Streams' }).click();
    await page.getByRole('heading', { name: 'Streams' }).waitFor();
    await page
      .getByRole('link', { name: /^replay/ })
      .first()
      .waitFor();

    // The audit log has the replay, with who started it (the admin token: an owner) and what came of it.
    await page.goto('/admin/audit?kind=adminStartReplay');
    const audit = page.getByRole('list', { name: 'Support actions and admin operations, newest first' });
    const entry = audit.getByRole('listitem').filter({ hasText: 'StreamSummaryProjector' }).first();
    await entry.waitFor();
    expect(await entry.textContent()).toMatch(/Rebuild a read model.*StreamSummaryProjector.*Done.*By admin-token \(owner\).*Replay [0-9a-f-]{36} queued/);
    expect(errors).toEqual([]);
    await close();
  });
});
