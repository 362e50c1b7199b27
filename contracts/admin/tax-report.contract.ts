import { z } from 'zod';
import { defineServerFn } from '../server-fn';

/** A calendar quarter, the OSS return's tax period: `2026-Q3`. */
export const quarterSchema = z
  .string()
  .trim()
  .regex(/^\d{4}-Q[1-4]$/, 'a quarter such as 2026-Q3');

const cents = z.number().int();

/** What was reported in a quarter for one quarter of supply, country, tax type, rate and currency (credit notes negative). */
export const taxReportRowSchema = z.object({
  /** The quarter the sales were made in: the report's own quarter, or an earlier closed one (a correction). */
  supplyQuarter: z.string(),
  country: z.string(),
  taxType: z.string(),
  rate: z.string(),
  currency: z.string(),
  salesNetCents: cents,
  salesTaxCents: cents,
  adjustmentsNetCents: cents,
  adjustmentsTaxCents: cents,
});
export type TaxReportRow = z.infer<typeof taxReportRowSchema>;

/** Per currency (never added across currencies): the quarter's own sales, its credit notes, and corrections of earlier quarters. */
export const taxReportTotalSchema = z.object({
  currency: z.string(),
  salesNetCents: cents,
  salesTaxCents: cents,
  adjustmentsNetCents: cents,
  adjustmentsTaxCents: cents,
  correctionsNetCents: cents,
  correctionsTaxCents: cents,
});
export type TaxReportTotal = z.infer<typeof taxReportTotalSchema>;

export const taxReportSchema = z.object({
  quarter: z.string(),
  /** Quarters with documents or closed, and the current one, newest first: the picker's choices. */
  quarters: z.array(z.string()),
  status: z.enum(['open', 'closed']),
  /** When the quarter ends (it may be closed from then on). */
  endsAt: z.string(),
  /** Ended and still open. */
  closable: z.boolean(),
  closed: z
    .object({ closedAt: z.string(), closedBy: z.string().nullable(), checksum: z.string(), checksumMatches: z.boolean(), closedThrough: z.string() })
    .nullable(),
  /** What the quarter reports: as filed once it is closed (it never changes after), as known now while it is open. */
  rows: z.array(taxReportRowSchema),
  totals: z.array(taxReportTotalSchema),
  /** A closed quarter's sales corrected since, in the later quarters that report them: "as known now" is `rows` plus these. */
  laterCorrections: z.array(taxReportRowSchema.extend({ reportQuarter: z.string() })),
  /** GET it for the OSS-shaped CSV (a closed quarter's as filed, byte for byte). */
  csvPath: z.string(),
});
export type TaxReport = z.infer<typeof taxReportSchema>;

/** The seller's tax report for one quarter (the current one without input). Owner only. */
export const adminGetTaxReport = defineServerFn({
  id: 'adminGetTaxReport',
  method: 'GET',
  input: z.object({ quarter: quarterSchema.optional() }).strict(),
  output: taxReportSchema,
  errors: ['FORBIDDEN', 'admin.owner_only'],
});

/** Closes (files) a quarter that has ended: its report is frozen as filed, later changes become corrections in an open quarter. */
export const adminCloseTaxQuarter = defineServerFn({
  id: 'adminCloseTaxQuarter',
  method: 'POST',
  input: z.object({ quarter: quarterSchema }).strict(),
  output: z.object({ quarter: z.string(), checksum: z.string(), closedAt: z.string() }),
  errors: ['FORBIDDEN', 'admin.owner_only', 'tax_report.quarter_not_ended', 'tax_report.quarter_closed'],
});

export const taxReportServerFns = [adminGetTaxReport, adminCloseTaxQuarter] as const;
