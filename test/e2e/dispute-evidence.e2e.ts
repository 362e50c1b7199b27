import AxeBuilder from '@axe-core/playwright';
import { Pool } from 'pg';
import type { Browser } from 'playwright-core';
import { openSitePage } from '../support/account-browser';
import { launchBrowser, waitForHydration } from '../support/browser';
import { emulatorStripe } from '../support/emulator-client';
import { callFn, chooseOnHostedCheckout, eventually, signUpOverHttp, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';

const ADMIN_TOKEN = 'e2e-disputes-admin-token-0123456789';
let browser: Browser;
let site: SiteServer;
let pool: Pool;

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('dispute-evidence', { ADMIN_TOKEN })]);
  pool = new Pool({ connectionString: site.databaseUrl, max: 1 });
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await browser?.close();
  await site?.stop();
});

/** A customer buys a lifetime license and disputes its charge; the dispute's id once its evidence is assembled. */
async function disputedPurchase(): Promise<string> {
  const cookie = await signUpOverHttp(site, 'e2e-disputer@example.com');
  const started = await callFn(site.url, 'initiateCheckout', { resourceId: 'lifetime-license', quantity: 1 }, { cookie });
  await chooseOnHostedCheckout(started.result.url, 'pay');
  await eventually(
    () => callFn(site.url, 'getDashboardData', {}, { cookie, method: 'GET' }),
    (d) => d.result?.purchases.length === 1,
  );
  const stripe = emulatorStripe(site.url);
  const session = await stripe.checkout.sessions.retrieve(new URL(started.result.url).pathname.split('/').pop()!);
  const intent = await stripe.paymentIntents.retrieve(String(session.payment_intent));
  const disputed = await fetch(`${site.url}/_stripe/dev/charges/${String(intent.latest_charge)}/dispute`, {
    method: 'POST',
    headers: { accept: 'application/json' },
  });
  expect(disputed.status).toBe(200);
  const { rows } = await eventually(
    () => pool.query<{ dispute_id: string }>('select dispute_id from rm_disputes where evidence is not null'),
    (r) => r.rowCount === 1,
  );
  return rows[0]!.dispute_id;
}

describe('answering a dispute in /admin/disputes', () => {
  it('shows the assembled evidence, takes an edit, and submits it to Stripe', async () => {
    const disputeId = await disputedPurchase();
    const { page, errors, close } = await openSitePage(browser, site.url);
    await page.goto('/admin');
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('link', { name: 'Disputes' }).click();
    await page.getByRole('list', { name: 'Disputes' }).getByRole('link', { name: disputeId }).click();
    await page.getByRole('heading', { name: `Evidence for ${disputeId}` }).waitFor();
    await waitForHydration(page);

    expect(await page.getByLabel(/Product description/).inputValue()).toContain('Lifetime license');
    expect(await page.getByLabel(/Customer email address/).inputValue()).toBe('e2e-disputer@example.com');
    expect(await page.getByLabel(/Refund policy disclosure/).inputValue()).toContain('does not record that the customer accepted it');
    expect(await page.getByRole('link', { name: 'Download PDF' }).getAttribute('href')).toBe(`/admin/disputes/${disputeId}/evidence.pdf`);
    expect(await page.getByRole('link', { name: 'Printable page' }).getAttribute('href')).toBe(`/admin/disputes/${disputeId}/evidence.html`);
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByLabel(/Customer name/).fill('Dee Sputer');
    await page.getByRole('button', { name: 'Submit to Stripe' }).click();
    await page.getByRole('status').filter({ hasText: 'Submitted to Stripe.' }).waitFor();
    const atStripe = await emulatorStripe(site.url).disputes.retrieve(disputeId);
    expect(atStripe).toMatchObject({ status: 'under_review', evidence: { customer_name: 'Dee Sputer', customer_email_address: 'e2e-disputer@example.com' } });
    expect(errors).toEqual([]);
    await close();
  }, 90_000);
});
