import { CreditNoteIssued, InvoiceIssued } from '../../../backend/src/modules/invoicing';
import { csvChecksum, renderOssCsv } from '../../../backend/src/modules/tax-report/oss-csv';
import { TaxReportProjector } from '../../../backend/src/modules/tax-report/projections/tax-report.projector';
import { TaxQuarterClosed, taxQuarterStreamId } from '../../../backend/src/modules/tax-report/tax-report.events';
import type { TaxRow } from '../../../backend/src/modules/tax-report/tax-rows';
import { creditNote, invoice, isolatedYear } from '../../support/tax-documents';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new TaxReportProjector(), [InvoiceIssued, CreditNoteIssued, TaxQuarterClosed]);

const rollups = (year: number) =>
  projection.rows(
    `select report_quarter, supply_quarter, country, tax_type, rate, currency,
            sales_net_cents::int, sales_tax_cents::int, adjustments_net_cents::int, adjustments_tax_cents::int, documents
     from rm_tax_rollups where report_quarter like $1 or supply_quarter like $1
     order by report_quarter, supply_quarter, currency, country, tax_type, rate`,
    [`${year}-%`],
  );

const checkpoint = async () => {
  const [row] = await projection.rows<{ transaction_id: string; position: string }>(
    `select transaction_id::text, position::text from projector_checkpoints where name = 'TaxReportProjector'`,
  );
  return { transactionId: row!.transaction_id, position: row!.position };
};

const quarterRows = async (quarter: string): Promise<TaxRow[]> =>
  (
    await projection.rows<Record<string, string | number>>(
      `select supply_quarter, country, tax_type, rate, currency, sales_net_cents::int, sales_tax_cents::int, adjustments_net_cents::int, adjustments_tax_cents::int
       from rm_tax_rollups where report_quarter = $1`,
      [quarter],
    )
  ).map((r) => ({
    supplyQuarter: String(r.supply_quarter),
    country: String(r.country),
    taxType: String(r.tax_type),
    rate: String(r.rate),
    currency: String(r.currency),
    salesNetCents: Number(r.sales_net_cents),
    salesTaxCents: Number(r.sales_tax_cents),
    adjustmentsNetCents: Number(r.adjustments_net_cents),
    adjustmentsTaxCents: Number(r.adjustments_tax_cents),
  }));

/** Closes the quarter as the command does: the report read at the projector's checkpoint, its CSV's checksum. */
async function close(quarter: string, at: string, read?: { through: { transactionId: string; position: string }; checksum: string }) {
  const closedThrough = read?.through ?? (await checkpoint());
  const checksum = read?.checksum ?? csvChecksum(renderOssCsv(quarter, await quarterRows(quarter)));
  await projection.givenIn(taxQuarterStreamId(quarter), [TaxQuarterClosed({ quarter, closedThrough, checksum, closedAt: at })]);
  return checksum;
}

const filed = async (quarter: string) =>
  (
    await projection.rows<{ filed_csv: string; checksum: string; checksum_matches: boolean }>(
      'select filed_csv, checksum, checksum_matches from rm_tax_quarters where quarter = $1',
      [quarter],
    )
  )[0];

describe('TaxReportProjector', () => {
  it('rolls invoices up by quarter of supply × country × tax type × rate × currency, credit notes as negative adjustments, no currency added to another', async () => {
    const y = isolatedYear();
    const de = invoice({ totals: [{ country: 'DE', percentage: 19, netCents: 4_900, taxCents: 931 }], chargedAt: `${y}-02-10T10:00:00.000Z` });
    await projection.given(
      de,
      invoice({
        totals: [{ country: 'DE', percentage: 19, netCents: 1_000, taxCents: 190 }],
        chargedAt: `${y}-03-31T23:59:59.000Z`,
        issuedAt: `${y}-04-01T00:00:02.000Z`,
      }),
      invoice({ totals: [{ country: 'DE', percentage: 19, netCents: 5_000, taxCents: 950 }], chargedAt: `${y}-03-01T10:00:00.000Z`, currency: 'usd' }),
      invoice({ totals: [{ country: 'AU', taxType: 'GST', percentage: 10, netCents: 2_000, taxCents: 200 }], chargedAt: `${y}-01-05T10:00:00.000Z` }),
      invoice({ totals: [{ country: 'FR', percentage: 0, netCents: 9_900, taxCents: 0 }], chargedAt: `${y}-04-05T10:00:00.000Z` }),
      creditNote({
        invoiceNumber: de.data.number,
        totals: [{ country: 'DE', percentage: 19, netCents: 4_900, taxCents: 931 }],
        chargedAt: de.data.chargedAt,
        issuedAt: `${y}-03-20T10:00:00.000Z`,
      }),
    );
    expect(await rollups(y)).toEqual([
      row(`${y}-Q1`, `${y}-Q1`, 'AU', 'gst', '10', 'EUR', [2_000, 200, 0, 0], 1),
      row(`${y}-Q1`, `${y}-Q1`, 'DE', 'vat', '19', 'EUR', [5_900, 1_121, -4_900, -931], 3),
      row(`${y}-Q1`, `${y}-Q1`, 'DE', 'vat', '19', 'USD', [5_000, 950, 0, 0], 1),
      row(`${y}-Q2`, `${y}-Q2`, 'FR', 'vat', '0', 'EUR', [9_900, 0, 0, 0], 1),
    ]);
  });

  it('counts a document delivered twice once', async () => {
    const y = isolatedYear();
    const twice = invoice({ totals: [{ country: 'IT', percentage: 22, netCents: 1_000, taxCents: 220 }], chargedAt: `${y}-05-01T10:00:00.000Z` });
    await projection.given(twice);
    await projection.given(twice);
    expect(await rollups(y)).toEqual([row(`${y}-Q2`, `${y}-Q2`, 'IT', 'vat', '22', 'EUR', [1_000, 220, 0, 0], 1)]);
  });

  it('takes a credit note for an open quarter’s sale into that quarter, even when issued in the next', async () => {
    const y = isolatedYear();
    const sale = invoice({ totals: [{ country: 'NL', percentage: 21, netCents: 10_000, taxCents: 2_100 }], chargedAt: `${y}-08-01T10:00:00.000Z` });
    await projection.given(
      sale,
      creditNote({
        invoiceNumber: sale.data.number,
        totals: [{ country: 'NL', percentage: 21, netCents: 5_000, taxCents: 1_050 }],
        chargedAt: sale.data.chargedAt,
        issuedAt: `${y}-10-03T10:00:00.000Z`,
      }),
    );
    expect(await rollups(y)).toEqual([row(`${y}-Q3`, `${y}-Q3`, 'NL', 'vat', '21', 'EUR', [10_000, 2_100, -5_000, -1_050], 2)]);
  });

  it('freezes a closed quarter as filed, and reports a later credit note for its sale in the open quarter as a correction of it', async () => {
    const y = isolatedYear();
    const sale = invoice({ totals: [{ country: 'DE', percentage: 19, netCents: 10_000, taxCents: 1_900 }], chargedAt: `${y}-08-01T10:00:00.000Z` });
    await projection.given(sale);
    const checksum = await close(`${y}-Q3`, `${y}-10-01T09:00:00.000Z`);
    const asFiled = await filed(`${y}-Q3`);
    expect(asFiled).toEqual({ filed_csv: expect.stringContaining('supply,DE,standard,19.00,EUR,100.00,19.00,'), checksum, checksum_matches: true });

    await projection.given(
      creditNote({
        invoiceNumber: sale.data.number,
        totals: [{ country: 'DE', percentage: 19, netCents: 10_000, taxCents: 1_900 }],
        chargedAt: sale.data.chargedAt,
        issuedAt: `${y}-11-02T10:00:00.000Z`,
      }),
      invoice({ totals: [{ country: 'DE', percentage: 19, netCents: 2_000, taxCents: 380 }], chargedAt: `${y}-11-05T10:00:00.000Z` }),
    );
    expect(await rollups(y)).toEqual([
      row(`${y}-Q3`, `${y}-Q3`, 'DE', 'vat', '19', 'EUR', [10_000, 1_900, 0, 0], 1),
      row(`${y}-Q4`, `${y}-Q3`, 'DE', 'vat', '19', 'EUR', [0, 0, -10_000, -1_900], 1),
      row(`${y}-Q4`, `${y}-Q4`, 'DE', 'vat', '19', 'EUR', [2_000, 380, 0, 0], 1),
    ]);
    expect(await filed(`${y}-Q3`)).toEqual(asFiled);
  });

  it('moves a document the closing report had not seen (it arrived between the report and the close) on to the open quarter', async () => {
    const y = isolatedYear();
    await projection.given(invoice({ totals: [{ country: 'ES', percentage: 21, netCents: 1_000, taxCents: 210 }], chargedAt: `${y}-02-01T10:00:00.000Z` }));
    const read = await checkpoint();
    const expected = csvChecksum(renderOssCsv(`${y}-Q1`, await quarterRows(`${y}-Q1`)));
    await projection.given(
      invoice({
        totals: [{ country: 'ES', percentage: 21, netCents: 3_000, taxCents: 630 }],
        chargedAt: `${y}-03-30T10:00:00.000Z`,
        issuedAt: `${y}-03-30T10:00:00.000Z`,
      }),
    );
    await close(`${y}-Q1`, `${y}-04-02T09:00:00.000Z`, { through: read, checksum: expected });
    const asFiled = (await filed(`${y}-Q1`))!;
    expect({ matches: asFiled.checksum_matches, csv: csvChecksum(asFiled.filed_csv) }).toEqual({ matches: true, csv: expected });
    expect(await rollups(y)).toEqual([
      row(`${y}-Q1`, `${y}-Q1`, 'ES', 'vat', '21', 'EUR', [1_000, 210, 0, 0], 1),
      row(`${y}-Q2`, `${y}-Q1`, 'ES', 'vat', '21', 'EUR', [3_000, 630, 0, 0], 1),
    ]);
  });

  it('is rebuilt from the log by a replay, row for row, closed quarters byte for byte', async () => {
    const y = isolatedYear();
    const sale = invoice({ totals: [{ country: 'PT', percentage: 23, netCents: 4_000, taxCents: 920 }], chargedAt: `${y}-01-10T10:00:00.000Z` });
    await projection.given(sale);
    await close(`${y}-Q1`, `${y}-04-01T09:00:00.000Z`);
    await projection.given(
      creditNote({
        invoiceNumber: sale.data.number,
        totals: [{ country: 'PT', percentage: 23, netCents: 4_000, taxCents: 920 }],
        chargedAt: sale.data.chargedAt,
        issuedAt: `${y}-05-01T10:00:00.000Z`,
      }),
    );
    const before = { rollups: await rollups(y), filed: await filed(`${y}-Q1`) };
    await projection.replay();
    expect({ rollups: await rollups(y), filed: await filed(`${y}-Q1`) }).toEqual(before);
  });
});

function row(
  report: string,
  supply: string,
  country: string,
  taxType: string,
  rate: string,
  currency: string,
  amounts: [number, number, number, number],
  documents: number,
) {
  const [sn, st, an, at] = amounts;
  return {
    report_quarter: report,
    supply_quarter: supply,
    country,
    tax_type: taxType,
    rate,
    currency,
    sales_net_cents: sn,
    sales_tax_cents: st,
    adjustments_net_cents: an,
    adjustments_tax_cents: at,
    documents,
  };
}
