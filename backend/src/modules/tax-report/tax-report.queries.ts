import { MikroORM } from '@mikro-orm/postgresql';
import { Inject, Injectable } from '@nestjs/common';
import type { TaxReport, TaxReportTotal } from '../../../../contracts/admin/tax-report.contract';
import { taxReportTables } from './projections/tax-report.entities';
import { quarterEnd, quarterOf } from './quarters';
import { readLaterCorrections, readQuarterRows } from './tax-report.rows';
import type { TaxRow } from './tax-rows';

/** A closed quarter's report as filed: the CSV frozen at the close, and whether it still hashes to the checksum filed. */
export interface FiledCsv {
  csv: string;
  checksum: string;
}

/** The tax report's reads: from the rollups and the closed quarters, never a scan of the log. */
@Injectable()
export class TaxReportQueries {
  constructor(@Inject(MikroORM) private readonly orm: MikroORM) {}

  async report(quarter: string | undefined, now: Date): Promise<TaxReport> {
    const em = this.orm.em.fork();
    const current = quarterOf(now);
    const chosen = quarter ?? current;
    const db = taxReportTables(em);
    const [closed, known, reported] = await Promise.all([
      db.selectFrom('rm_tax_quarters').selectAll().where('quarter', '=', chosen).executeTakeFirst(),
      db.selectFrom('rm_tax_rollups').select('report_quarter').distinct().execute(),
      readQuarterRows(em, chosen),
    ]);
    const quarters = [...new Set([current, chosen, ...known.map((row) => row.report_quarter)])].sort().reverse();
    const rows = closed ? closed.filed_rows : reported;
    const laterCorrections = closed ? await readLaterCorrections(em, chosen) : [];
    const endsAt = quarterEnd(chosen);
    return {
      quarter: chosen,
      quarters,
      status: closed ? 'closed' : 'open',
      endsAt: endsAt.toISOString(),
      closable: !closed && now >= endsAt,
      closed: closed
        ? {
            closedAt: closed.closed_at.toISOString(),
            closedBy: closed.closed_by,
            checksum: closed.checksum,
            checksumMatches: closed.checksum_matches,
            closedThrough: `${closed.closed_through_tx}/${closed.closed_through_pos}`,
          }
        : null,
      rows,
      totals: totalsOf(chosen, rows),
      laterCorrections,
      csvPath: `/admin/tax-report/${chosen}.csv`,
    };
  }

  /** The quarter's CSV: as filed for a closed quarter (the bytes frozen at the close), else rendered from what is known now. */
  async filedCsv(quarter: string): Promise<FiledCsv | null> {
    const closed = await taxReportTables(this.orm.em.fork())
      .selectFrom('rm_tax_quarters')
      .select(['filed_csv', 'checksum'])
      .where('quarter', '=', quarter)
      .executeTakeFirst();
    return closed ? { csv: closed.filed_csv, checksum: closed.checksum } : null;
  }

  rowsNow(quarter: string): Promise<TaxRow[]> {
    return readQuarterRows(this.orm.em.fork(), quarter);
  }
}

function totalsOf(quarter: string, rows: readonly TaxRow[]): TaxReportTotal[] {
  const byCurrency = new Map<string, TaxReportTotal>();
  for (const row of rows) {
    const total = byCurrency.get(row.currency) ?? {
      currency: row.currency,
      salesNetCents: 0,
      salesTaxCents: 0,
      adjustmentsNetCents: 0,
      adjustmentsTaxCents: 0,
      correctionsNetCents: 0,
      correctionsTaxCents: 0,
    };
    if (row.supplyQuarter === quarter) {
      total.salesNetCents += row.salesNetCents;
      total.salesTaxCents += row.salesTaxCents;
      total.adjustmentsNetCents += row.adjustmentsNetCents;
      total.adjustmentsTaxCents += row.adjustmentsTaxCents;
    } else {
      total.correctionsNetCents += row.salesNetCents + row.adjustmentsNetCents;
      total.correctionsTaxCents += row.salesTaxCents + row.adjustmentsTaxCents;
    }
    byCurrency.set(row.currency, total);
  }
  return [...byCurrency.values()].sort((a, b) => (a.currency < b.currency ? -1 : 1));
}
