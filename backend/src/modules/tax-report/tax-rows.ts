/**
 * One row of a quarter's report: what was reported in the quarter for one quarter of supply
 * (the quarter itself, or an earlier closed one: a correction), country, tax type, rate and
 * currency. Amounts are cents of that currency; credit notes are negative.
 */
export interface TaxRow {
  supplyQuarter: string;
  country: string;
  taxType: string;
  /** The percentage as the documents carry it (`19`, `8.1`, `25.5`). */
  rate: string;
  currency: string;
  salesNetCents: number;
  salesTaxCents: number;
  adjustmentsNetCents: number;
  adjustmentsTaxCents: number;
}

/** The one order every view and the CSV use, so a report reads the same each time: the quarter's own rows, then corrections. */
export function sortRows(quarter: string, rows: readonly TaxRow[]): TaxRow[] {
  const key = (row: TaxRow) => [row.supplyQuarter === quarter ? '0' : `1${row.supplyQuarter}`, row.currency, row.country, row.taxType] as const;
  return [...rows].sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    for (let i = 0; i < ka.length; i += 1) if (ka[i] !== kb[i]) return ka[i]! < kb[i]! ? -1 : 1;
    return Number(a.rate) - Number(b.rate);
  });
}

export const netOf = (row: TaxRow) => row.salesNetCents + row.adjustmentsNetCents;
export const taxOf = (row: TaxRow) => row.salesTaxCents + row.adjustmentsTaxCents;
