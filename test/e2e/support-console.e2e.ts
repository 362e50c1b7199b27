import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { Browser } from 'playwright-core';
import { openSignedInPage, openSitePage, reloadUntil, signInToAdminForm } from '../support/account-browser';
import { validateLicense } from '../support/plugin-admission-decoder';
import { launchBrowser, waitForHydration } from '../support/browser';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

/**
 * The support console's whole journey, as the issue tells it: an admin finds a customer by the
 * license key they pasted, reads the timeline from the Stripe event to the license email, looks
 * at the account as it was before the refund, refunds part of the purchase, and the customer's
 * "Where this comes from" says so while the license stays.
 */
const ADMIN_TOKEN = 'e2e-support-console-token-0123456789';
const BUYER = `console-${randomUUID().slice(0, 8)}@example.com`;
const KEY = /SSAI(?:-[0-9A-Z]{5}){5}/;
let browser: Browser;
let site: SiteServer;
let pool: Pool;
let cookie: string;
let licenseKey: string;
let stripeEventId: string;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('support-console', { ADMIN_TOKEN })]);
  pool = new Pool({ connectionString: site.databaseUrl, max: 1 });
  cookie = await signUpOverHttp(site, BUYER);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 }, { cookie });
  expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
  const sessionId = new URL(started.result.url).pathname.split('/').pop()!;
  const logged = await eventually(
    () =>
      pool.query<{ stripe_event_id: string; outcome: string | null }>(
        `select stripe_event_id, outcome from stripe_webhook_events where type = 'checkout.session.completed' and payload->'data'->'object'->>'id' = $1`,
        [sessionId],
      ),
    (r) => r.rows[0]?.outcome === 'handled',
    30_000,
  );
  stripeEventId = logged.rows[0]!.stripe_event_id;
  // The key as the customer has it: from the email that delivered it.
  const email = await eventually(
    () => pool.query<{ text: string }>(`select text from email_outbox where to_address = $1 and kind = 'license-key'`, [BUYER]),
    (r) => r.rowCount === 1,
    30_000,
  );
  licenseKey = KEY.exec(email.rows[0]!.text)![0];
  // The plugin, set up with that key, checks it: the timeline shows the check beside the grant.
  expect((await validateLicense(site.url, licenseKey)).status).toBe(200);
  await eventually(
    async () => (await pool.query(`select 1 from rm_customer_directory where email = $1`, [BUYER])).rowCount,
    (n) => n === 1,
  );
}, 120_000);
afterAll(async () => {
  await pool?.end();
  await browser?.close();
  await site?.stop();
});

describe('answering a customer in /admin', () => {
  it('finds them by a pasted key, follows the timeline, looks before a partial refund, refunds, and the customer sees it', async () => {
    const customer = await openSignedInPage(browser, site.url, cookie);
    const dashboard = customer.page;
    await dashboard.goto('/dashboard');
    const sources = dashboard.getByRole('region', { name: 'Where this comes from' });
    const license = sources.getByRole('listitem').filter({ hasText: /^Lifetime license/ });
    await license.waitFor();
    expect(await license.textContent()).toMatch(/Bought on \w{3} \d{1,2}, \d{4} for \$[\d,]+\.\d\d/);
    expect(await license.textContent()).not.toContain('of it refunded');

    const { page, errors, close } = await openSitePage(browser, site.url);
    await signInToAdminForm(page, ADMIN_TOKEN);
    await waitForHydration(page);

    // Pasted as people paste it: lower case, with a stray space either side.
    const search = page.getByRole('search', { name: 'Customers' });
    await search.getByLabel(/license key/).fill(` ${licenseKey.toLowerCase()} `);
    await search.getByLabel(/license key/).press('Enter');
    await page.getByText('Matched by license key').waitFor();
    await page.getByRole('link', { name: `Open account of ${BUYER}` }).click();
    await page.getByRole('heading', { level: 1, name: BUYER }).waitFor();
    await waitForHydration(page);

    // From the Stripe event that caused the purchase to the email that delivered the key.
    const timeline = page.getByRole('list', { name: 'Events, newest first' });
    const purchase = timeline.getByRole('article', { name: 'PurchaseCompleted' });
    expect(await purchase.getByRole('link', { name: stripeEventId }).getAttribute('href')).toBe(`/admin/webhooks#${stripeEventId}`);
    const granted = timeline.getByRole('article', { name: 'LicenseGranted' });
    expect(await granted.getByRole('list', { name: /^Emails sent because of/ }).textContent()).toContain(`license-key to ${BUYER}`);
    expect(await granted.textContent()).toContain('Plugin checks within an hour1 allowed, 0 refused');
    const beforeRefund = await granted.getByRole('link', { name: 'Account at this point' }).getAttribute('href');
    expect(beforeRefund).toMatch(/\/at\?position=/);

    // Five dollars back, with a reason; the license stays.
    const refund = page.getByRole('form', { name: /^Refund/ });
    await refund.getByLabel('Amount (empty for all that is left)').fill('5.00');
    await refund.getByLabel('Reason (kept in the audit log)').fill('Charged in the wrong currency; goodwill');
    await refund.getByRole('button', { name: 'Refund' }).click();
    await refund.getByRole('alertdialog').getByRole('button', { name: 'Yes, do it' }).click();
    await refund
      .getByRole('status')
      .getByText(/Recorded\. The worker is sending it to Stripe/)
      .waitFor();
    await reloadUntil(page, async () => (await timeline.getByRole('article', { name: 'PurchaseRefunded' }).count()) === 1, 30_000);
    expect(await timeline.getByRole('article', { name: 'SupportActionRecorded' }).textContent()).toContain('reason: Charged in the wrong currency; goodwill');

    // The account as it was before the refund, and what changed since.
    await page.goto(beforeRefund!);
    await page.getByRole('heading', { level: 1, name: 'The account at a moment' }).waitFor();
    await waitForHydration(page);
    expect(await page.getByRole('region', { name: /^Licenses then/ }).textContent()).toContain('lifetime');
    const changes = await page.getByRole('list', { name: 'Changes between then and now' }).textContent();
    expect(changes).toContain('status: paid → partially refunded');
    expect(changes).toContain('refunded: $0.00 → $5.00');

    // The customer's own view says what was refunded, and the license is still theirs.
    await reloadUntil(dashboard, async () => ((await license.textContent()) ?? '').includes('$5.00 of it refunded'), 30_000);
    expect(await license.textContent()).not.toMatch(/Ended on/);
    expect(errors).toEqual([]);
    expect(customer.errors).toEqual([]);
    await close();
    await customer.close();
  });
});
