import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { Browser } from 'playwright-core';
import { openSitePage, reloadUntil } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

const ADMIN_TOKEN = 'e2e-support-refund-token-0123456789';
const BUYER = `refund-${randomUUID().slice(0, 8)}@example.com`;
let browser: Browser;
let site: SiteServer;
let pool: Pool;
let userId: string;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('support-refund-e2e', { ADMIN_TOKEN })]);
  pool = new Pool({ connectionString: site.databaseUrl, max: 1 });
  const cookie = await signUpOverHttp(site, BUYER);
  userId = (await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [BUYER])).rows[0]!.id;
  const opened = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 }, { cookie });
  expect((await chooseOnHostedCheckout(opened.result.url, 'pay')).status).toBe(303);
  await eventually(
    async () => (await pool.query(`select 1 from rm_licenses where user_id = $1 and status = 'active'`, [userId])).rowCount,
    (n) => n === 1,
    30_000,
  );
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await browser?.close();
  await site?.stop();
});

describe('the refund form on the account page', () => {
  it('refunds part of a purchase after a confirmation, and the timeline shows it completed', async () => {
    const { page, errors, close } = await openSitePage(browser, site.url);
    await page.goto('/admin');
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('heading', { name: 'Find a customer' }).waitFor();
    await page.goto(`/admin/customers/${encodeURIComponent(userId)}`);
    await waitForHydration(page);

    const form = page.getByRole('form', { name: /^Refund/ });
    await form.getByLabel('Amount (empty for all that is left)').fill('5.00');
    await form.getByRole('button', { name: 'Refund' }).click();
    // The reason is required: nothing is sent (or even confirmed) without it.
    const reason = form.getByLabel('Reason (kept in the audit log)');
    expect(await reason.evaluate((field) => (field as HTMLTextAreaElement).validity.valueMissing)).toBe(true);
    expect(await form.getByRole('alertdialog').count()).toBe(0);
    await reason.fill('Charged twice for the same order');
    await form.getByRole('button', { name: 'Refund' }).click();
    const confirm = form.getByRole('alertdialog');
    expect(await confirm.textContent()).toContain('Refund 5.00 USD of');
    expect(await confirm.textContent()).toContain('a part: access stays');
    await confirm.getByRole('button', { name: 'Yes, do it' }).click();
    await form
      .getByRole('status')
      .getByText(/Recorded\. The worker is sending it to Stripe/)
      .waitFor();

    const timeline = page.getByRole('list', { name: 'Events, newest first' });
    await reloadUntil(page, async () => (await timeline.getByRole('article', { name: 'SupportActionCompleted' }).count()) === 1, 30_000);
    expect(await timeline.getByRole('article', { name: 'SupportActionRecorded' }).textContent()).toContain('reason: Charged twice for the same order');
    // The action completes when Stripe takes the refund; the purchase changes when Stripe's
    // charge.refunded webhook has been handled, later (a loaded CI run read it before).
    const purchase = await eventually(
      () => pool.query<{ status: string; refunded_cents: number }>('select status, refunded_cents from rm_purchases where user_id = $1', [userId]),
      ({ rows }) => rows[0]?.status !== 'paid',
      30_000,
    );
    expect(purchase.rows[0]).toEqual({ status: 'partially_refunded', refunded_cents: 500 });
    expect(errors).toEqual([]);
    await close();
  });
});
