import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';
import type { TaxRow } from '../tax-rows';

/**
 * One tax-rate total of one invoice or credit note, and the quarter it is reported in. Kept so a
 * close can tell which documents the report it filed had seen (`routed_*`: the event that put the
 * line in its quarter) and move the later ones to an open quarter as corrections.
 */
export const TaxDocumentLine = defineEntity({
  name: 'TaxDocumentLine',
  tableName: 'rm_tax_document_lines',
  properties: {
    documentNumber: p.text().primary(),
    line: p.integer().primary(),
    kind: p.enum(['invoice', 'credit_note']),
    supplyQuarter: p.text(),
    issuedQuarter: p.text(),
    reportQuarter: p.text(),
    routedTx: p.bigint('number'),
    routedPos: p.bigint('number'),
    country: p.text(),
    taxType: p.text(),
    rate: p.text(),
    currency: p.text(),
    netCents: p.bigint('number'),
    taxCents: p.bigint('number'),
  },
  indexes: [
    {
      name: 'rm_tax_document_lines_routed',
      expression: 'create index rm_tax_document_lines_routed on rm_tax_document_lines (report_quarter, routed_tx, routed_pos)',
    },
  ],
});

/**
 * The report's rollup: per quarter reported in, quarter of supply (the same, or an earlier closed
 * one for a correction), country, tax type, rate and currency: sales and credit notes, net and tax.
 */
export const TaxRollup = defineEntity({
  name: 'TaxRollup',
  tableName: 'rm_tax_rollups',
  properties: {
    reportQuarter: p.text().primary(),
    supplyQuarter: p.text().primary(),
    country: p.text().primary(),
    taxType: p.text().primary(),
    rate: p.text().primary(),
    currency: p.text().primary(),
    salesNetCents: p.bigint('number'),
    salesTaxCents: p.bigint('number'),
    adjustmentsNetCents: p.bigint('number'),
    adjustmentsTaxCents: p.bigint('number'),
    documents: p.integer(),
  },
  indexes: [{ name: 'rm_tax_rollups_supply', expression: 'create index rm_tax_rollups_supply on rm_tax_rollups (supply_quarter)' }],
});

/** A closed quarter: where it was closed, the checksum the owner filed, and its report as filed, frozen at the close. */
export const TaxQuarter = defineEntity({
  name: 'TaxQuarter',
  tableName: 'rm_tax_quarters',
  properties: {
    quarter: p.text().primary(),
    closedAt: p.datetime(),
    closedBy: p.text().nullable(),
    closedThroughTx: p.bigint('number'),
    closedThroughPos: p.bigint('number'),
    checksum: p.text(),
    filedRows: p.json<TaxRow[]>(),
    filedCsv: p.text(),
    /** Whether the CSV rebuilt from the log at the close hashes to the checksum the close recorded. */
    checksumMatches: p.boolean(),
  },
});

export type TaxReportTables = ReadModelTables<typeof TaxDocumentLine | typeof TaxRollup | typeof TaxQuarter>;

/** Kysely over the tax report's tables, in `em`'s transaction if it is in one. */
export const taxReportTables = (em: EntityManager) => em.getKysely<TaxReportTables, typeof readModelKysely>(readModelKysely);
