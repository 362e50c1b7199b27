import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { EventRegistry } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { CreditNoteIssued, InvoiceIssued } from '../../../backend/src/modules/invoicing';
import { OSS_CSV_COLUMNS } from '../../../backend/src/modules/tax-report/oss-csv';
import { quarterOf } from '../../../backend/src/modules/tax-report/quarters';
import { metadata } from '../../support/test-events';
import { callFn, eventually, signUpOverHttp, startAddressableSite } from '../../support/site-client';
import type { SiteServer } from '../../support/site-server';
import { creditNote, invoice } from '../../support/tax-documents';

/**
 * The seller's tax report over HTTP: invoices and credit notes appended to the log as the
 * invoicing module appends them, the owner closing the quarter that just ended, then a refund's
 * credit note in the open quarter. The closed quarter's CSV stays byte for byte as filed.
 */
const ADMIN_TOKEN = 'integration-tax-report-token-0123456789';
const SUPPORT = `support-tax-${randomUUID().slice(0, 8)}@example.com`;
const OWNER = `owner-tax-${randomUUID().slice(0, 8)}@example.com`;
let site: SiteServer;
let pool: Pool;
let store: EventStore;
let ownerCookie: string;
let supportCookie: string;
let ownerId: string;

// The quarter that just ended (closable) and the current one (open), whenever this runs.
const now = new Date();
const OPEN = quarterOf(now);
const startOfOpen = new Date(Date.UTC(now.getUTCFullYear(), Math.floor(now.getUTCMonth() / 3) * 3, 1));
const inClosed = (days: number) => new Date(startOfOpen.getTime() - days * 86_400_000).toISOString();
const CLOSED = quarterOf(inClosed(1));

beforeAll(async () => {
  site = await startAddressableSite('tax-report', { ADMIN_TOKEN, LOCAL_SUPPORT_EMAILS: SUPPORT, LOCAL_ADMIN_EMAILS: OWNER });
  pool = new Pool({ connectionString: site.databaseUrl, max: 2 });
  store = new EventStore(pool, new EventRegistry().register(InvoiceIssued, CreditNoteIssued));
  ownerCookie = await signUpOverHttp(site, OWNER, 'Olive Owner');
  supportCookie = await signUpOverHttp(site, SUPPORT, 'Sam Support');
  ownerId = (await pool.query<{ id: string }>('select id from local_identity_users where email = $1', [OWNER])).rows[0]!.id;
}, 90_000);
afterAll(async () => {
  await pool?.end();
  await site?.stop();
});

const append = (...events: ReturnType<typeof invoice | typeof creditNote>[]) => store.append(`test-invoicing-${randomUUID()}`, 'any', events, metadata());
const report = async (quarter: string, cookie = ownerCookie) => callFn(site.url, 'adminGetTaxReport', { quarter }, { cookie, method: 'GET' });
const csvOf = async (quarter: string, cookie = ownerCookie) => {
  const answer = await fetch(`${site.url}/admin/tax-report/${quarter}.csv`, { headers: { cookie } });
  return { status: answer.status, headers: answer.headers, body: await answer.text() };
};

const germanSale = invoice({ totals: [{ country: 'DE', percentage: 19, netCents: 10_000, taxCents: 1_900 }], chargedAt: inClosed(20) });

describe('the seller’s tax report', () => {
  it('shows the ended quarter open, by country and rate, per currency, with its OSS-shaped CSV', async () => {
    await append(
      germanSale,
      invoice({ totals: [{ country: 'FR', percentage: 20, netCents: 5_000, taxCents: 1_000 }], chargedAt: inClosed(30) }),
      invoice({ totals: [{ country: 'DE', percentage: 19, netCents: 2_000, taxCents: 380 }], chargedAt: inClosed(10), currency: 'usd' }),
      invoice({ totals: [{ country: 'US', taxType: 'none', percentage: 0, netCents: 9_900, taxCents: 0 }], chargedAt: inClosed(5), currency: 'usd' }),
    );
    const shown = await eventually(
      () => report(CLOSED),
      (answer) => answer.result?.rows.length === 4,
    );
    expect(shown.result).toMatchObject({ quarter: CLOSED, status: 'open', closable: true, closed: null, csvPath: `/admin/tax-report/${CLOSED}.csv` });
    expect(shown.result.quarters).toEqual(expect.arrayContaining([OPEN, CLOSED]));
    expect(shown.result.totals).toEqual([
      {
        currency: 'EUR',
        salesNetCents: 15_000,
        salesTaxCents: 2_900,
        adjustmentsNetCents: 0,
        adjustmentsTaxCents: 0,
        correctionsNetCents: 0,
        correctionsTaxCents: 0,
      },
      {
        currency: 'USD',
        salesNetCents: 11_900,
        salesTaxCents: 380,
        adjustmentsNetCents: 0,
        adjustmentsTaxCents: 0,
        correctionsNetCents: 0,
        correctionsTaxCents: 0,
      },
    ]);

    const csv = await csvOf(CLOSED);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.headers.get('x-tax-quarter-status')).toBe('open');
    expect(csv.body.split('\r\n')).toEqual([
      OSS_CSV_COLUMNS.join(','),
      'supply,DE,standard,19.00,EUR,100.00,19.00,',
      'supply,FR,standard,20.00,EUR,50.00,10.00,',
      'supply,DE,standard,19.00,USD,20.00,3.80,',
      '',
    ]);
  });

  it('refuses support everything of it with admin.owner_only, in the error envelope', async () => {
    for (const answer of [
      await report(CLOSED, supportCookie),
      await callFn(site.url, 'adminCloseTaxQuarter', { quarter: CLOSED }, { cookie: supportCookie }),
    ]) {
      expect({ status: answer.status, code: answer.error?.code }).toEqual({ status: 403, code: 'admin.owner_only' });
    }
    const csv = await csvOf(CLOSED, supportCookie);
    expect(csv.status).toBe(403);
    expect(JSON.parse(csv.body)).toEqual({ error: { code: 'admin.owner_only', message: expect.any(String) } });
    expect((await report(CLOSED)).result.status).toBe('open');
  });

  it('answers a download of something that is not a quarter with 404 in the error envelope, and a bad quarter with 400', async () => {
    const csv = await csvOf('2026-Q5');
    expect({ status: csv.status, body: JSON.parse(csv.body) }).toEqual({
      status: 404,
      body: { error: { code: 'tax_report.no_such_quarter', message: expect.any(String) } },
    });
    const answer = await report('2026-Q9');
    expect({ status: answer.status, code: answer.error?.code }).toEqual({ status: 400, code: 'VALIDATION_FAILED' });
  });

  it('renders the page for the owner with the quarter’s table and its close button, and a clear refusal for support', async () => {
    const page = async (cookie: string) => {
      const answer = await fetch(`${site.url}/admin/tax-report?quarter=${CLOSED}`, { headers: { cookie } });
      return { status: answer.status, html: (await answer.text()).replaceAll('<!-- -->', '') };
    };
    const owner = await page(ownerCookie);
    expect(owner.status).toBe(200);
    expect(owner.html).toContain(`Sales made in ${CLOSED}`);
    expect(owner.html).toContain(`Close ${CLOSED}…`);
    expect(owner.html).toContain(`href="/admin/tax-report/${CLOSED}.csv"`);
    const support = await page(supportCookie);
    expect(support.html).toContain('The tax report is the owner’s');
    expect(support.html).not.toContain(`Sales made in ${CLOSED}`);
  });

  it('refuses to close the quarter still running', async () => {
    const answer = await callFn(site.url, 'adminCloseTaxQuarter', { quarter: OPEN }, { cookie: ownerCookie });
    expect({ status: answer.status, code: answer.error?.code }).toEqual({ status: 409, code: 'tax_report.quarter_not_ended' });
  });

  it('closes the ended quarter once; a refund’s credit note next quarter leaves its CSV byte for byte and adjusts the open one', async () => {
    const before = await csvOf(CLOSED);
    const closed = await callFn(site.url, 'adminCloseTaxQuarter', { quarter: CLOSED }, { cookie: ownerCookie });
    expect(closed.status).toBe(200);
    const again = await callFn(site.url, 'adminCloseTaxQuarter', { quarter: CLOSED }, { cookie: ownerCookie });
    expect({ status: again.status, code: again.error?.code }).toEqual({ status: 409, code: 'tax_report.quarter_closed' });

    const asFiled = await csvOf(CLOSED);
    expect(asFiled.body).toBe(before.body);
    expect(asFiled.headers.get('x-tax-quarter-status')).toBe('closed');
    expect(asFiled.headers.get('x-checksum-sha256')).toBe(closed.result.checksum);
    const closedReport = (await report(CLOSED)).result;
    expect(closedReport).toMatchObject({
      status: 'closed',
      closable: false,
      closed: { checksum: closed.result.checksum, checksumMatches: true, closedBy: ownerId },
    });

    await append(
      creditNote({
        invoiceNumber: germanSale.data.number,
        totals: [{ country: 'DE', percentage: 19, netCents: 10_000, taxCents: 1_900 }],
        chargedAt: germanSale.data.chargedAt,
        issuedAt: new Date().toISOString(),
      }),
    );
    const open = await eventually(
      () => report(OPEN),
      (answer) => answer.result?.rows.length === 1,
    );
    expect(open.result.rows).toEqual([
      {
        supplyQuarter: CLOSED,
        country: 'DE',
        taxType: 'vat',
        rate: '19',
        currency: 'EUR',
        salesNetCents: 0,
        salesTaxCents: 0,
        adjustmentsNetCents: -10_000,
        adjustmentsTaxCents: -1_900,
      },
    ]);
    expect(open.result.totals).toEqual([expect.objectContaining({ currency: 'EUR', correctionsNetCents: -10_000, correctionsTaxCents: -1_900 })]);
    expect((await csvOf(OPEN)).body).toContain(`correction,DE,,,EUR,-100.00,-19.00,${CLOSED}`);

    const later = (await report(CLOSED)).result;
    expect(later.rows).toEqual(closedReport.rows);
    expect(later.laterCorrections).toEqual([expect.objectContaining({ reportQuarter: OPEN, country: 'DE', adjustmentsNetCents: -10_000 })]);
    expect((await csvOf(CLOSED)).body).toBe(before.body);
  });

  it('reproduces the closed quarter byte for byte after its read model is rebuilt from the log', async () => {
    const before = await csvOf(CLOSED);
    const started = await callFn(site.url, 'adminStartReplay', { projector: 'TaxReportProjector' }, { cookie: ownerCookie });
    expect(started.status).toBe(200);
    await eventually(
      () => callFn(site.url, 'adminGetReplay', { replayId: started.result.replayId }, { cookie: ownerCookie, method: 'GET' }),
      (answer) => answer.result?.state === 'completed',
      30_000,
    );
    const after = await csvOf(CLOSED);
    expect(after.body).toBe(before.body);
    expect((await report(CLOSED)).result.closed.checksumMatches).toBe(true);
  });

  it('records each close in the audit log with the owner who ran it and how it ended', async () => {
    const entries = await eventually(
      async () => (await callFn(site.url, 'getSupportAudit', { kind: 'adminCloseTaxQuarter' }, { cookie: ownerCookie, method: 'GET' })).result?.entries ?? [],
      (list: any[]) => list.length >= 3,
    );
    const byTarget = (target: string) => entries.filter((entry: any) => entry.target === target);
    expect(byTarget(`tax-quarter-${CLOSED}`)).toEqual([
      expect.objectContaining({ actor: { id: ownerId, role: 'owner' }, status: 'failed', code: 'tax_report.quarter_closed' }),
      expect.objectContaining({ actor: { id: ownerId, role: 'owner' }, status: 'succeeded', outcome: expect.stringContaining(`Closed ${CLOSED}`) }),
    ]);
    expect(byTarget(`tax-quarter-${OPEN}`)).toEqual([expect.objectContaining({ status: 'failed', code: 'tax_report.quarter_not_ended' })]);
  });
});
