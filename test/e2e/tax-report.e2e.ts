import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { Pool } from 'pg';
import type { Browser } from 'playwright-core';
import { EventRegistry } from '../../backend/src/events/event-registry';
import { EventStore } from '../../backend/src/events/event-store';
import { CreditNoteIssued, InvoiceIssued } from '../../backend/src/modules/invoicing';
import { quarterOf } from '../../backend/src/modules/tax-report/quarters';
import { horizontalOverflow, openSitePage } from '../support/account-browser';
import { launchBrowser, PHONE, waitForHydration } from '../support/browser';
import { callFn, eventually, startAddressableSite } from '../support/site-client';
import type { SiteServer } from '../support/site-server';
import { invoice } from '../support/tax-documents';
import { metadata } from '../support/test-events';

const ADMIN_TOKEN = 'e2e-tax-report-admin-token-0123456789';
let browser: Browser;
let site: SiteServer;
let pool: Pool;

const now = new Date();
const startOfOpen = new Date(Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1));
const inEnded = (days: number) => new Date(startOfOpen.getTime() - days * 86_400_000).toISOString();
const ENDED = quarterOf(inEnded(1));

beforeAll(async () => {
  [browser, site] = await Promise.all([launchBrowser(), startAddressableSite('tax-report-e2e', { ADMIN_TOKEN })]);
  pool = new Pool({ connectionString: site.databaseUrl, max: 1 });
  const store = new EventStore(pool, new EventRegistry().register(InvoiceIssued, CreditNoteIssued));
  await store.append(
    `e2e-invoicing-${randomUUID()}`,
    'any',
    [
      invoice({ totals: [{ country: 'DE', percentage: 19, netCents: 4_900, taxCents: 931 }], chargedAt: inEnded(20) }),
      invoice({ totals: [{ country: 'FR', percentage: 20, netCents: 19_900, taxCents: 3_980 }], chargedAt: inEnded(12) }),
    ],
    metadata(),
  );
  await eventually(
    () => pool.query('select 1 from rm_tax_rollups where report_quarter = $1', [ENDED]),
    (r) => r.rowCount === 2,
  );
}, 60_000);
afterAll(async () => {
  await pool?.end();
  await browser?.close();
  await site?.stop();
});

describe('the tax report in /admin, on a phone', () => {
  it('shows the ended quarter, closes it after a confirmation that says what closing means, and downloads its OSS CSV', async () => {
    const { page, errors, close } = await openSitePage(browser, site.url, { ...PHONE, acceptDownloads: true });
    await page.goto('/admin');
    await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('link', { name: 'Tax report' }).click();
    await page.getByLabel('Quarter').waitFor();
    await waitForHydration(page);
    await page.getByLabel('Quarter').selectOption(ENDED);
    await page.getByRole('region', { name: new RegExp(`Sales made in ${ENDED}`) }).waitFor();
    expect(await page.getByRole('rowheader', { name: 'DE' }).count()).toBe(1);
    expect(await horizontalOverflow(page)).toBeLessThanOrEqual(0);
    const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByRole('button', { name: `Close ${ENDED}…` }).click();
    await page.getByRole('heading', { name: `Close ${ENDED}?` }).waitFor();
    expect(await page.getByText('It cannot be undone.').isVisible()).toBe(true);
    await page.getByRole('button', { name: `Close ${ENDED} for good` }).click();
    await page
      .getByText(/^Closed /)
      .first()
      .waitFor();
    expect(await page.getByRole('button', { name: `Close ${ENDED}…` }).count()).toBe(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'OSS CSV (as filed)' }).click()]);
    expect(download.suggestedFilename()).toBe(`oss-return-${ENDED}.csv`);
    const csv = await readFile((await download.path())!, 'utf8');
    expect(csv.split('\r\n')).toEqual([
      'section,member_state_of_consumption,rate_type,vat_rate_percent,currency,taxable_amount,vat_amount,corrected_period',
      'supply,DE,standard,19.00,EUR,49.00,9.31,',
      'supply,FR,standard,20.00,EUR,199.00,39.80,',
      '',
    ]);
    const report = await callFn(
      site.url,
      'adminGetTaxReport',
      { quarter: ENDED },
      { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join('; '), method: 'GET' },
    );
    expect(report.result.closed.checksumMatches).toBe(true);
    expect(errors).toEqual([]);
    await close();
  }, 90_000);
});
