import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { Browser } from 'playwright-core';
import { axeViolations, horizontalOverflow, openAdminPage, openSitePage, signInToAdminForm } from '../support/account-browser';
import { writeAccountHistory } from '../support/account-history-log';
import { launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

const ADMIN_TOKEN = 'e2e-moment-admin-token-0123456789';
const USER = `user_moment_${randomUUID().slice(0, 8)}`;
let browser: Browser;
let site: SiteServer;
let pool: Pool;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('account-moment', { ADMIN_TOKEN })]);
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
  await writeAccountHistory(pool, USER);
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await browser?.close();
  await site?.stop();
});

describe('the account at a moment, in /admin', () => {
  it('opens from an event of the timeline: the account as it was then, and what changed since', async () => {
    const { page, errors, close } = await openSitePage(browser, site.url);
    await signInToAdminForm(page, ADMIN_TOKEN);
    await page.goto(`/admin/customers/${USER}`);
    await waitForHydration(page);

    const purchase = page.getByRole('list', { name: 'Events, newest first' }).getByRole('article', { name: 'PurchaseCompleted' });
    await purchase.getByRole('link', { name: 'Account at this point' }).click();
    await page.getByRole('heading', { level: 1, name: 'The account at a moment' }).waitFor();
    await waitForHydration(page);

    // Then: the course bought and open, no license yet.
    expect(await page.getByRole('region', { name: /^Purchases then/ }).textContent()).toContain('Moment course');
    expect(await page.getByRole('region', { name: /^Licenses then/ }).textContent()).toContain('No licenses.');
    expect(await page.getByRole('region', { name: /^Resources then/ }).textContent()).toContain('course-moment');
    // Since: the license came, the refund took the course back.
    const changes = page.getByRole('list', { name: 'Changes between then and now' });
    const text = await changes.textContent();
    expect(text).toContain('team license ····AB12 added since');
    expect(text).toContain('Access to course-moment gone since');
    expect(text).toContain('status: paid → refunded');

    expect(await axeViolations(page)).toEqual([]);

    // A time picked instead: long before anything happened, the account held nothing.
    await page.getByLabel('Date and time (UTC)').fill('2020-01-01T00:00:00');
    await page.getByRole('button', { name: 'Show the account then' }).click();
    await page.waitForURL(/at=2020-01-01T00%3A00%3A00.000Z|at=2020-01-01T00:00:00.000Z/);
    await page.getByText('Before the account’s first event').waitFor();
    expect(await page.getByRole('region', { name: /^Purchases then/ }).textContent()).toContain('No purchases.');

    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone: nothing wider than the screen', async () => {
    const { page, close } = await openAdminPage(browser, site.url, ADMIN_TOKEN, PHONE);
    const { rows } = await pool.query<{ position: string }>(`select max(position)::text as position from events where stream_id like 'checkout-moment-%'`);
    await page.goto(`/admin/customers/${USER}/at?position=${rows[0]!.position}`);
    await page.getByRole('heading', { level: 2, name: 'Since then' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await close();
  });
});
