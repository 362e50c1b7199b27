import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from 'kysely';
import type { Projector, Recorded } from '../../../events/projector';
import { CreditNoteIssued, InvoiceIssued } from '../../invoicing';
import { csvChecksum, renderOssCsv } from '../oss-csv';
import { firstOpenFrom, laterQuarter, nextQuarter, quarterOf, type Quarter } from '../quarters';
import type { TaxReportEvent } from '../tax-report.events';
import { readQuarterRows } from '../tax-report.rows';
import { taxReportTables } from './tax-report.entities';

type Event = Recorded<ReturnType<typeof InvoiceIssued> | ReturnType<typeof CreditNoteIssued> | TaxReportEvent>;
type DocumentEvent = Extract<Event, { type: 'InvoiceIssued' | 'CreditNoteIssued' }>;

interface Line {
  document_number: string;
  line: number;
  kind: 'invoice' | 'credit_note';
  supply_quarter: string;
  issued_quarter: string;
  report_quarter: string;
  routed_tx: number;
  routed_pos: number;
  country: string;
  tax_type: string;
  rate: string;
  currency: string;
  net_cents: number;
  tax_cents: number;
}

const CHUNK = 2_000;

/**
 * Keeps the seller's tax report: every invoice's and credit note's totals by rate, rolled up per
 * quarter × country × tax type × rate × currency. A document counts in the quarter of its supply
 * while that quarter is open; once it is closed, in the first open quarter from the one it was
 * issued in, as a correction of its quarter of supply. A close freezes the quarter as the owner
 * filed it: lines that reached it after the report they read, it moves on as corrections.
 */
export class TaxReportProjector implements Projector<Event> {
  readonly name = 'TaxReportProjector';
  readonly eventTypes: Event['type'][] = ['InvoiceIssued', 'CreditNoteIssued', 'TaxQuarterClosed'];
  readonly tables = ['rm_tax_document_lines', 'rm_tax_rollups', 'rm_tax_quarters'];

  async apply(event: Event, em: EntityManager): Promise<void> {
    await this.applyBatch([event], em);
  }

  async applyBatch(events: Event[], em: EntityManager): Promise<void> {
    const closed = new Set((await taxReportTables(em).selectFrom('rm_tax_quarters').select('quarter').execute()).map((row) => row.quarter));
    let pending: Line[] = [];
    for (const event of events) {
      if (event.type === 'TaxQuarterClosed') {
        await writeLines(em, pending);
        pending = [];
        await closeQuarter(em, event, closed);
        closed.add(event.data.quarter);
        continue;
      }
      pending.push(...linesOf(event, closed));
    }
    await writeLines(em, pending);
  }
}

function linesOf(event: DocumentEvent, closed: ReadonlySet<string>): Line[] {
  const d = event.data;
  const supply = quarterOf(d.chargedAt);
  const issued = quarterOf(d.issuedAt);
  const report = closed.has(supply) ? firstOpenFrom(laterQuarter(issued, nextQuarter(supply)), closed) : supply;
  // A credit note takes back what its invoice charged, whichever sign the document prints.
  const sign = event.type === 'CreditNoteIssued' ? -1 : 1;
  return d.rateTotals.map((total, line) => ({
    document_number: d.number,
    line,
    kind: event.type === 'CreditNoteIssued' ? 'credit_note' : 'invoice',
    supply_quarter: supply,
    issued_quarter: issued,
    report_quarter: report,
    routed_tx: Number(event.transactionId),
    routed_pos: Number(event.position),
    country: total.country.toUpperCase(),
    tax_type: total.taxType.toLowerCase(),
    rate: String(total.percentage),
    currency: d.currency.toUpperCase(),
    net_cents: sign * Math.abs(total.netCents),
    tax_cents: sign * Math.abs(total.taxCents),
  }));
}

/** Inserts the lines (a document seen twice is counted once) and adds those inserted to the rollups. */
async function writeLines(em: EntityManager, lines: Line[]): Promise<void> {
  for (let i = 0; i < lines.length; i += CHUNK) {
    const inserted = await taxReportTables(em)
      .insertInto('rm_tax_document_lines')
      .values(lines.slice(i, i + CHUNK))
      .onConflict((c) => c.columns(['document_number', 'line']).doNothing())
      .returningAll()
      .execute();
    await addToRollups(em, inserted, 1);
  }
}

type RollupLine = Pick<Line, 'kind' | 'report_quarter' | 'supply_quarter' | 'country' | 'tax_type' | 'rate' | 'currency' | 'net_cents' | 'tax_cents'>;

/** Adds (sign 1) or takes away (-1) lines from the rollups, one upsert per batch. */
async function addToRollups(em: EntityManager, lines: RollupLine[], sign: 1 | -1): Promise<void> {
  const sums = new Map<string, { key: Omit<RollupLine, 'kind' | 'net_cents' | 'tax_cents'>; sn: number; st: number; an: number; at: number; n: number }>();
  for (const l of lines) {
    const id = [l.report_quarter, l.supply_quarter, l.country, l.tax_type, l.rate, l.currency].join('|');
    const sum = sums.get(id) ?? {
      key: { report_quarter: l.report_quarter, supply_quarter: l.supply_quarter, country: l.country, tax_type: l.tax_type, rate: l.rate, currency: l.currency },
      sn: 0,
      st: 0,
      an: 0,
      at: 0,
      n: 0,
    };
    const net = sign * Number(l.net_cents);
    const tax = sign * Number(l.tax_cents);
    if (l.kind === 'invoice') [sum.sn, sum.st] = [sum.sn + net, sum.st + tax];
    else [sum.an, sum.at] = [sum.an + net, sum.at + tax];
    sum.n += sign;
    sums.set(id, sum);
  }
  if (sums.size === 0) return;
  await taxReportTables(em)
    .insertInto('rm_tax_rollups')
    .values(
      [...sums.values()].map((s) => ({
        ...s.key,
        sales_net_cents: s.sn,
        sales_tax_cents: s.st,
        adjustments_net_cents: s.an,
        adjustments_tax_cents: s.at,
        documents: s.n,
      })),
    )
    .onConflict((c) =>
      c.columns(['report_quarter', 'supply_quarter', 'country', 'tax_type', 'rate', 'currency']).doUpdateSet({
        sales_net_cents: sql`rm_tax_rollups.sales_net_cents + excluded.sales_net_cents`,
        sales_tax_cents: sql`rm_tax_rollups.sales_tax_cents + excluded.sales_tax_cents`,
        adjustments_net_cents: sql`rm_tax_rollups.adjustments_net_cents + excluded.adjustments_net_cents`,
        adjustments_tax_cents: sql`rm_tax_rollups.adjustments_tax_cents + excluded.adjustments_tax_cents`,
        documents: sql`rm_tax_rollups.documents + excluded.documents`,
      }),
    )
    .execute();
}

/**
 * Freezes the quarter as filed: the lines the owner's report had not yet seen (routed after the
 * checkpoint it was read at) move to the first open quarter as corrections; what stays is
 * the report as filed, and its CSV is checked against the checksum the close recorded.
 */
async function closeQuarter(em: EntityManager, event: Extract<Event, { type: 'TaxQuarterClosed' }>, closed: ReadonlySet<string>): Promise<void> {
  const { quarter, closedThrough, checksum, closedAt } = event.data;
  const db = taxReportTables(em);
  const actor = event.metadata.actor;
  if (closed.has(quarter)) return;
  const late = await db
    .selectFrom('rm_tax_document_lines')
    .selectAll()
    .where('report_quarter', '=', quarter)
    .where(sql<boolean>`(routed_tx, routed_pos) > (${closedThrough.transactionId}::bigint, ${closedThrough.position}::bigint)`)
    .execute();
  if (late.length > 0) {
    const nowClosed = new Set([...closed, quarter]);
    const moved = late.map((l) => ({
      ...l,
      report_quarter: firstOpenFrom(laterQuarter(l.issued_quarter as Quarter, nextQuarter(quarter)), nowClosed),
      routed_tx: Number(event.transactionId),
      routed_pos: Number(event.position),
    }));
    await addToRollups(em, late, -1);
    await addToRollups(em, moved, 1);
    for (const m of moved) {
      await db
        .updateTable('rm_tax_document_lines')
        .set({ report_quarter: m.report_quarter, routed_tx: m.routed_tx, routed_pos: m.routed_pos })
        .where('document_number', '=', m.document_number)
        .where('line', '=', m.line)
        .execute();
    }
  }
  const rows = await readQuarterRows(em, quarter);
  const csv = renderOssCsv(quarter, rows);
  await db
    .insertInto('rm_tax_quarters')
    .values({
      quarter,
      closed_at: new Date(closedAt),
      closed_by: actor.kind === 'admin' || actor.kind === 'user' ? actor.userId : null,
      closed_through_tx: Number(closedThrough.transactionId),
      closed_through_pos: Number(closedThrough.position),
      checksum,
      filed_rows: rows,
      filed_csv: csv,
      checksum_matches: csvChecksum(csv) === checksum,
    })
    .onConflict((c) => c.column('quarter').doNothing())
    .execute();
}
