import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { Browser } from 'playwright-core';
import { generateLicenseKey, licenseKeyHash } from '../../backend/src/modules/licenses/license-key';
import { axeViolations, openSitePage, signInToAdminForm } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

const ADMIN_TOKEN = 'e2e-search-admin-token-0123456789';
let browser: Browser;
let site: SiteServer;
let pool: Pool;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('customer-search', { ADMIN_TOKEN })]);
  pool = new Pool({ connectionString: site.databaseUrl, max: 1 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await browser?.close();
  await site?.stop();
});

describe('finding a customer in /admin', () => {
  it('finds the customer from a license key pasted lower-case, without dashes, between spaces', async () => {
    const customer = await seedLicensedCustomer();
    const { page, errors, close } = await openSitePage(browser, site.url);
    await signInToAdminForm(page, ADMIN_TOKEN);
    await waitForHydration(page);

    const search = page.getByRole('search', { name: 'Customers' });
    await search.getByLabel(/license key/).fill(`   ${customer.key.replace(/-/g, '').toLowerCase()}  `);
    await search.getByLabel(/license key/).press('Enter');

    const results = page.getByRole('list', { name: 'Matching customers' });
    const found = results.getByRole('listitem').filter({ hasText: customer.email });
    await found.waitFor();
    expect(await found.textContent()).toContain('Matched by license key');
    expect(await found.textContent()).toContain('Pro plan');
    expect(await results.getByRole('listitem').count()).toBe(1);
    expect(await found.getByRole('link', { name: /^Open account of/ }).getAttribute('href')).toBe(`/admin/customers/${encodeURIComponent(customer.userId)}`);
    expect(await axeViolations(page, 'section')).toEqual([]);

    await search.getByLabel(/license key/).fill('nobody-at-all@nowhere.invalid');
    await search.getByRole('button', { name: 'Search' }).click();
    await page.getByText('No customer matches “nobody-at-all@nowhere.invalid”.').waitFor();
    expect(errors).toEqual([]);
    await close();
  });
});

async function seedLicensedCustomer() {
  const id = randomUUID().replace(/-/g, '');
  const userId = `user_${id}`;
  const email = `pasted-${id.slice(0, 8)}@example.com`;
  const key = generateLicenseKey();
  await pool.query('insert into rm_customer_directory (user_id, email, name, updated_at) values ($1, $2, $3, now())', [userId, email, 'Ada Lovelace']);
  await pool.query(
    `insert into rm_licenses (license_id, user_id, resource_id, plan, kind, status, key_sealed, key_hash, key_hint, seats, devices_per_seat,
       included_credits_per_month, granted_at) values ($1, $2, 'res', 'pro', 'plugin', 'active', 'sealed', $3, 'hint', 1, 2, 0, now())`,
    [`lic-${id}`, userId, licenseKeyHash(key)],
  );
  return { userId, email, key };
}
