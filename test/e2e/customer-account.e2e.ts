import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { Browser } from 'playwright-core';
import { axeViolations, horizontalOverflow, openAdminPage, openSitePage, signInToAdminForm } from '../support/account-browser';
import { launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

const ADMIN_TOKEN = 'e2e-account-admin-token-0123456789';
const BUYER = `timeline-${randomUUID().slice(0, 8)}@example.com`;
let browser: Browser;
let site: SiteServer;
let pool: Pool;
let stripeEventId: string;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('customer-account', { ADMIN_TOKEN })]);
  pool = new Pool({ connectionString: site.databaseUrl, max: 1 });
  // A purchase through the real path: checkout over HTTP, paid on the emulator's hosted page, the signed webhook, fulfilment, emails.
  const cookie = await signUpOverHttp(site, BUYER);
  const opened = await fetch(`${site.url}/_serverFn/initiateCheckout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({ resourceId: 'lifetime-license', quantity: 1 }),
  });
  const { url } = ((await opened.json()) as { result: { url: string } }).result;
  expect((await chooseOnHostedCheckout(url, 'pay')).status).toBe(303);
  const sessionId = new URL(url).pathname.split('/').pop()!;
  const logged = await eventually(
    () =>
      pool.query<{ stripe_event_id: string; outcome: string | null }>(
        `select stripe_event_id, outcome from stripe_webhook_events where type = 'checkout.session.completed' and payload->'data'->'object'->>'id' = $1`,
        [sessionId],
      ),
    (r) => r.rows[0]?.outcome === 'handled',
  );
  stripeEventId = logged.rows[0]!.stripe_event_id;
  await eventually(
    async () => (await pool.query(`select 1 from email_deliveries where to_address = $1 and kind = 'license-key'`, [BUYER])).rowCount,
    (n) => n === 1,
  );
  await eventually(
    async () => (await pool.query(`select 1 from rm_customer_directory where email = $1`, [BUYER])).rowCount,
    (n) => n === 1,
  );
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await browser?.close();
  await site?.stop();
});

describe('the account page in /admin', () => {
  it('leads from a search to the timeline, from the Stripe event to the license email, and its JSON', async () => {
    const { page, errors, close } = await openSitePage(browser, site.url);
    await signInToAdminForm(page, ADMIN_TOKEN);
    await waitForHydration(page);

    const search = page.getByRole('search', { name: 'Customers' });
    await search.getByLabel(/license key/).fill(BUYER);
    await search.getByLabel(/license key/).press('Enter');
    await page.getByRole('link', { name: `Open account of ${BUYER}` }).click();

    // A buyer's directory entry has their address (names come with bookings): the page is titled by it.
    await page.getByRole('heading', { level: 1, name: BUYER }).waitFor();
    await waitForHydration(page);
    const licenses = page.getByRole('region', { name: /^Licenses/ });
    expect(await licenses.getByRole('listitem').count()).toBe(1);
    expect(await page.getByRole('region', { name: /^Emails sent/ }).textContent()).toContain('license-key');

    const timeline = page.getByRole('list', { name: 'Events, newest first' });
    const purchase = timeline.getByRole('article', { name: 'PurchaseCompleted' });
    await purchase.waitFor();
    const causeLink = purchase.getByRole('link', { name: stripeEventId });
    expect(await causeLink.getAttribute('href')).toBe(`/admin/webhooks#${stripeEventId}`);
    expect(await purchase.textContent()).toContain('checkout.session.completed');
    expect(await purchase.getByRole('list', { name: /^Events in the same chain/ }).textContent()).toContain('LicenseGranted');
    const license = timeline.getByRole('article', { name: 'LicenseGranted' });
    expect(await license.getByRole('list', { name: /^Emails sent because of/ }).textContent()).toContain(`license-key to ${BUYER}`);

    // The JSON, one click away, by keyboard.
    const json = purchase.locator('pre');
    expect(await json.isVisible()).toBe(false);
    await purchase.getByText('JSON', { exact: true }).focus();
    await page.keyboard.press('Enter');
    await json.waitFor({ state: 'visible' });
    expect(JSON.parse((await json.textContent())!)).toEqual(
      expect.objectContaining({ metadata: expect.objectContaining({ correlationId: stripeEventId, causationId: stripeEventId }) }),
    );

    // The kind filter keeps only license events.
    await page.getByLabel('Kind').selectOption('licenses');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.waitForURL(/kind=licenses/);
    await timeline.getByRole('article', { name: 'PurchaseCompleted' }).waitFor({ state: 'detached' });
    expect(await timeline.getByRole('article', { name: 'LicenseGranted' }).count()).toBe(1);

    expect(await axeViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone: nothing wider than the screen', async () => {
    const { page, close } = await openAdminPage(browser, site.url, ADMIN_TOKEN, PHONE);
    const { rows } = await pool.query<{ user_id: string }>('select user_id from rm_customer_directory where email = $1', [BUYER]);
    await page.goto(`/admin/customers/${encodeURIComponent(rows[0]!.user_id)}`);
    await page.getByRole('heading', { level: 2, name: 'Timeline' }).waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await close();
  });
});
