import type { TaxLine } from './charge-tax';

// Stripe's tax types as a receipt names them; any other is spelt out from its words.
const TAX_NAMES: Record<string, string> = {
  vat: 'VAT',
  gst: 'GST',
  hst: 'HST',
  pst: 'PST',
  qst: 'QST',
  igst: 'IGST',
  jct: 'JCT',
  rst: 'RST',
  sales_tax: 'Sales tax',
};

/** Stripe's tax type as people write it: `vat` → `VAT`, `sales_tax` → `Sales tax`. */
export const taxName = (taxType: string) => TAX_NAMES[taxType] ?? (taxType.charAt(0).toUpperCase() + taxType.slice(1)).replaceAll('_', ' ');

// "19" or "7.5": a rate as people write it, without trailing zeros.
export const percent = (value: number) => `${Number(value.toFixed(4))}%`;

/** A tax line as a receipt shows it: "VAT 19% (DE)", "GST 10% (AU)", "Reverse charge — VAT 0%". */
export function taxLineLabel(line: Pick<TaxLine, 'country' | 'state' | 'taxType' | 'percentage' | 'taxabilityReason'>): string {
  const name = taxName(line.taxType);
  if (line.taxabilityReason === 'reverse_charge') return `Reverse charge — ${name} 0%`;
  return `${name} ${percent(line.percentage)} (${line.state ? `${line.country}-${line.state}` : line.country})`;
}
