import { createHash } from 'node:crypto';
import { EU_MEMBER_STATES } from '../../../../contracts/billing/eu-member-states';
import { netOf, sortRows, taxOf, type TaxRow } from './tax-rows';

/** Currencies without minor units (Stripe's zero-decimal list, the ones a charge here may use). */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'CLP', 'VND', 'ISK']);

export const OSS_CSV_COLUMNS = [
  'section',
  'member_state_of_consumption',
  'rate_type',
  'vat_rate_percent',
  'currency',
  'taxable_amount',
  'vat_amount',
  'corrected_period',
] as const;

/** Whether a row belongs on an OSS return: EU VAT actually charged (reverse-charged and untaxed sales are not declared there). */
const inOssScope = (row: TaxRow) => row.taxType.toLowerCase() === 'vat' && EU_MEMBER_STATES.has(row.country) && Number(row.rate) > 0;

/** Cents as the decimal amount of its currency: `-12.34`, `1200` for yen. */
export function formatAmount(cents: number, currency: string): string {
  if (ZERO_DECIMAL.has(currency.toUpperCase())) return String(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * A quarter's report in the shape of the EU OSS return (Union and non-Union schemes): one
 * `supply` row per member state of consumption × rate type × rate × currency (taxable amount and
 * VAT, credit notes of the quarter netted in), then one `correction` row per member state ×
 * earlier period × currency for what changed in a period already filed. Amounts are in the
 * currency charged, never added across currencies: the return itself is in EUR, converted at the
 * ECB rate of the period's last day. Same rows, same bytes.
 */
export function renderOssCsv(quarter: string, rows: readonly TaxRow[]): string {
  const lines: string[][] = [[...OSS_CSV_COLUMNS]];
  const corrections = new Map<string, { country: string; period: string; currency: string; net: number; tax: number }>();
  for (const row of sortRows(quarter, rows).filter(inOssScope)) {
    if (row.supplyQuarter === quarter) {
      lines.push([
        'supply',
        row.country,
        'standard',
        Number(row.rate).toFixed(2),
        row.currency,
        formatAmount(netOf(row), row.currency),
        formatAmount(taxOf(row), row.currency),
        '',
      ]);
      continue;
    }
    const key = `${row.supplyQuarter}|${row.currency}|${row.country}`;
    const seen = corrections.get(key) ?? { country: row.country, period: row.supplyQuarter, currency: row.currency, net: 0, tax: 0 };
    seen.net += netOf(row);
    seen.tax += taxOf(row);
    corrections.set(key, seen);
  }
  for (const c of corrections.values()) {
    lines.push(['correction', c.country, '', '', c.currency, formatAmount(c.net, c.currency), formatAmount(c.tax, c.currency), c.period]);
  }
  return lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

export const csvChecksum = (csv: string) => createHash('sha256').update(csv, 'utf8').digest('hex');

/** RFC 4180: a cell with a comma, quote or line break is quoted (a currency code is data from the log). */
const csvCell = (cell: string) => (/[",\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);
