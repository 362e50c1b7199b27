import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import type { Browser } from 'playwright-core';
import { axeViolations, horizontalOverflow, openAdminPage, openSignedInPage, reloadUntil } from '../support/account-browser';
import { launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { emulatorStripe } from '../support/emulator-client';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

/**
 * "Where this comes from" in the dashboard and "Why they have access" on the admin account page,
 * for a lifetime license bought through the real path and then refunded from the Stripe emulator.
 */
const ADMIN_TOKEN = 'e2e-entitlements-admin-token-0123456789';
const BUYER = `access-${randomUUID().slice(0, 8)}@example.com`;
let browser: Browser;
let site: SiteServer;
let pool: Pool;
let cookie: string;
let userId: string;
let chargeId: string;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('entitlement-sources', { ADMIN_TOKEN })]);
  pool = new Pool({ connectionString: site.databaseUrl, max: 1 });
  cookie = await signUpOverHttp(site, BUYER);
  const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 }, { cookie });
  expect((await chooseOnHostedCheckout(started.result.url, 'pay')).status).toBe(303);
  await eventually(
    () => callFn(site.url, 'getMyEntitlementSources', {}, { cookie, method: 'GET' }),
    (answer) => answer.result?.entitlements.some((e: { kind: string }) => e.kind === 'license'),
  );
  const stripe = emulatorStripe(site.url);
  const session = await stripe.checkout.sessions.retrieve(new URL(started.result.url).pathname.split('/').pop()!);
  chargeId = String((await stripe.paymentIntents.retrieve(String(session.payment_intent))).latest_charge);
  userId = (await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [BUYER])).rows[0]!.id;
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await browser?.close();
  await site?.stop();
});

describe('a customer’s "Where this comes from"', () => {
  it('says the license was bought, when and for how much, and that only a refund or dispute would end it; then that the refund ended it', async () => {
    const { page, errors, close } = await openSignedInPage(browser, site.url, cookie);
    await page.goto('/dashboard');
    const panel = page.getByRole('region', { name: 'Where this comes from' });
    const license = panel.getByRole('listitem').filter({ hasText: /^Lifetime license/ });
    await license.waitFor();
    await waitForHydration(page);
    expect(await license.textContent()).toMatch(/Bought on \w{3} \d{1,2}, \d{4} for \$[\d,]+\.\d\d/);
    expect(await license.textContent()).toContain("Doesn't expire unless refunded or disputed");
    expect(await axeViolations(page)).toEqual([]);

    const refunded = await fetch(`${site.url}/_stripe/dev/charges/${chargeId}/refund`, { method: 'POST', headers: { accept: 'application/json' } });
    expect(refunded.status).toBe(200);
    await reloadUntil(page, async () => /Ended on .*: refunded/.test((await license.textContent()) ?? ''));
    expect(await license.getByText('Ended', { exact: true }).count()).toBe(1);
    expect(errors).toEqual([]);
    await close();
  });

  it('fits a phone', async () => {
    const { page, close } = await openSignedInPage(browser, site.url, cookie, PHONE);
    await page.goto('/dashboard');
    await page.getByRole('region', { name: 'Where this comes from' }).getByRole('listitem').first().waitFor();
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    await close();
  });
});

describe('an administrator’s "Why they have access"', () => {
  it('shows the purchase with its Stripe references and the refund that ended it, each event a link into the timeline', async () => {
    const { page, close } = await openAdminPage(browser, site.url, ADMIN_TOKEN);
    await page.goto(`/admin/customers/${encodeURIComponent(userId)}`);
    const section = page.getByRole('region', { name: 'Why they have access' });
    const license = section.getByRole('listitem').filter({ has: page.getByRole('heading', { name: /Lifetime license/ }) });
    await reloadUntil(page, async () => /refunded/.test((await license.textContent()) ?? ''));
    await waitForHydration(page);
    expect(await license.textContent()).toMatch(/cs_\w+/);
    expect(await license.textContent()).toMatch(/pi_\w+/);

    const events = license.getByRole('list', { name: /^Events behind/ });
    expect(await events.textContent()).toMatch(/PurchaseCompleted #\d+.*LicenseGranted #\d+.*LicenseRevoked #\d+/);
    const granted = events.getByRole('link', { name: /^LicenseGranted #\d+$/ });
    const position = /#(\d+)/.exec((await granted.textContent())!)![1]!;
    await granted.click();
    // The router writes search values as JSON: `before="17"`.
    await page.waitForURL((url) => url.searchParams.get('before')?.replace(/"/g, '') === String(BigInt(position) + 1n) && url.hash === `#event-${position}`);
    await page.getByRole('list', { name: 'Events, newest first' }).getByRole('article', { name: 'LicenseGranted' }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await close();
  });
});
