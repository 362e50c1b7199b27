import { csvChecksum, formatAmount, OSS_CSV_COLUMNS, renderOssCsv } from './oss-csv';
import type { TaxRow } from './tax-rows';

const row = (overrides: Partial<TaxRow>): TaxRow => ({
  supplyQuarter: '2026-Q4',
  country: 'DE',
  taxType: 'vat',
  rate: '19',
  currency: 'EUR',
  salesNetCents: 0,
  salesTaxCents: 0,
  adjustmentsNetCents: 0,
  adjustmentsTaxCents: 0,
  ...overrides,
});

const parse = (csv: string) =>
  csv
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

describe('the OSS-shaped CSV of a quarter', () => {
  const rows = [
    row({ country: 'FR', rate: '20', salesNetCents: 10_000, salesTaxCents: 2_000, adjustmentsNetCents: -2_500, adjustmentsTaxCents: -500 }),
    row({ country: 'DE', salesNetCents: 4_900, salesTaxCents: 931 }),
    row({ country: 'DE', currency: 'USD', salesNetCents: 1_000, salesTaxCents: 190 }),
    row({ country: 'FI', rate: '25.5', salesNetCents: 2_000, salesTaxCents: 510 }),
    // Not on an OSS return: the reverse charge (0%), a non-EU VAT, GST.
    row({ country: 'FR', rate: '0', salesNetCents: 50_000 }),
    row({ country: 'GB', rate: '20', salesNetCents: 1_000, salesTaxCents: 200 }),
    row({ country: 'AU', taxType: 'gst', rate: '10', salesNetCents: 1_000, salesTaxCents: 100 }),
    // Corrections of earlier, closed quarters reported in this one.
    row({ supplyQuarter: '2026-Q3', country: 'DE', adjustmentsNetCents: -4_900, adjustmentsTaxCents: -931 }),
    row({ supplyQuarter: '2026-Q3', country: 'DE', rate: '7', adjustmentsNetCents: -1_000, adjustmentsTaxCents: -70 }),
    row({ supplyQuarter: '2026-Q2', country: 'IT', rate: '22', salesNetCents: 1_000, salesTaxCents: 220 }),
  ];

  it('has one supply row per member state × rate × currency, then corrections by member state and period', () => {
    expect(parse(renderOssCsv('2026-Q4', rows))).toEqual([
      [...OSS_CSV_COLUMNS],
      ['supply', 'DE', 'standard', '19.00', 'EUR', '49.00', '9.31', ''],
      ['supply', 'FI', 'standard', '25.50', 'EUR', '20.00', '5.10', ''],
      ['supply', 'FR', 'standard', '20.00', 'EUR', '75.00', '15.00', ''],
      ['supply', 'DE', 'standard', '19.00', 'USD', '10.00', '1.90', ''],
      ['correction', 'IT', '', '', 'EUR', '10.00', '2.20', '2026-Q2'],
      ['correction', 'DE', '', '', 'EUR', '-59.00', '-10.01', '2026-Q3'],
    ]);
  });

  it('is the same bytes for the same rows in any order (so a checksum identifies a report)', () => {
    const once = renderOssCsv('2026-Q4', rows);
    expect(renderOssCsv('2026-Q4', [...rows].reverse())).toBe(once);
    expect(csvChecksum(once)).toMatch(/^[0-9a-f]{64}$/);
    expect(csvChecksum(renderOssCsv('2026-Q4', rows.slice(1)))).not.toBe(csvChecksum(once));
  });

  it('of a quarter with nothing to declare is the header alone (a nil return)', () => {
    expect(renderOssCsv('2026-Q1', [])).toBe(`${OSS_CSV_COLUMNS.join(',')}\r\n`);
  });

  it('quotes a cell that would break the row', () => {
    expect(renderOssCsv('2026-Q4', [row({ currency: 'E,R', salesNetCents: 100, salesTaxCents: 19 })])).toContain('"E,R"');
  });
});

describe('amounts', () => {
  it('are the currency’s decimal amounts, negative for credit notes, never converted', () => {
    expect([formatAmount(12_345, 'EUR'), formatAmount(-5, 'EUR'), formatAmount(0, 'USD'), formatAmount(1_200, 'JPY')]).toEqual([
      '123.45',
      '-0.05',
      '0.00',
      '1200',
    ]);
  });
});
