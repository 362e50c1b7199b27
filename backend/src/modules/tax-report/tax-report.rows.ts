import type { EntityManager } from '@mikro-orm/postgresql';
import { taxReportTables } from './projections/tax-report.entities';
import { sortRows, type TaxRow } from './tax-rows';

const toRow = (r: {
  supply_quarter: string;
  country: string;
  tax_type: string;
  rate: string;
  currency: string;
  sales_net_cents: number;
  sales_tax_cents: number;
  adjustments_net_cents: number;
  adjustments_tax_cents: number;
}): TaxRow => ({
  supplyQuarter: r.supply_quarter,
  country: r.country,
  taxType: r.tax_type,
  rate: r.rate,
  currency: r.currency,
  salesNetCents: Number(r.sales_net_cents),
  salesTaxCents: Number(r.sales_tax_cents),
  adjustmentsNetCents: Number(r.adjustments_net_cents),
  adjustmentsTaxCents: Number(r.adjustments_tax_cents),
});

const ROW_COLUMNS = [
  'supply_quarter',
  'country',
  'tax_type',
  'rate',
  'currency',
  'sales_net_cents',
  'sales_tax_cents',
  'adjustments_net_cents',
  'adjustments_tax_cents',
] as const;

/** What is reported in the quarter now: its own sales and credit notes, and corrections of closed quarters (in `em`'s transaction). */
export async function readQuarterRows(em: EntityManager, quarter: string): Promise<TaxRow[]> {
  const rows = await taxReportTables(em).selectFrom('rm_tax_rollups').select(ROW_COLUMNS).where('report_quarter', '=', quarter).execute();
  return sortRows(quarter, rows.map(toRow));
}

/** What was reported in later quarters as corrections of this one (a closed quarter's "as known now"). */
export async function readLaterCorrections(em: EntityManager, quarter: string): Promise<Array<TaxRow & { reportQuarter: string }>> {
  const rows = await taxReportTables(em)
    .selectFrom('rm_tax_rollups')
    .select([...ROW_COLUMNS, 'report_quarter'])
    .where('supply_quarter', '=', quarter)
    .where('report_quarter', '!=', quarter)
    .orderBy('report_quarter')
    .orderBy('currency')
    .orderBy('country')
    .orderBy('tax_type')
    .orderBy('rate')
    .execute();
  return rows.map((r) => ({ ...toRow(r), reportQuarter: r.report_quarter }));
}
