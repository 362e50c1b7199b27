import { z } from 'zod';
import { billingParty } from '../../../../contracts/billing/charge-tax';
import { defineEvent } from '../../events/event-registry';

const iso = z.iso.datetime();
const cents = z.number().int();

/** The seller as configured (SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID), copied onto every document: an issued one never changes. */
export const seller = z.object({ name: z.string(), address: z.array(z.string()), taxId: z.string().nullable(), email: z.string().nullable() });

/** What was charged for: a purchase (its checkout ref) or a subscription invoice (its Stripe invoice id). One invoice per charge, unless corrected. */
export const chargeKey = z.object({ kind: z.enum(['checkout', 'subscription-invoice']), id: z.string() });
export type ChargeKey = z.infer<typeof chargeKey>;

export const documentLine = z.object({
  description: z.string(),
  quantity: z.number().int().min(1),
  /** Net of tax. */
  amountCents: cents,
  taxPercentage: z.number().min(0),
  taxCents: cents,
  periodStart: iso.nullable(),
  periodEnd: iso.nullable(),
});

/** The totals by tax rate a legally complete document shows. */
export const rateTotal = z.object({ country: z.string().length(2), taxType: z.string(), percentage: z.number().min(0), netCents: cents, taxCents: cents });

const documentBody = {
  userId: z.string(),
  issuedAt: iso,
  /** When the charge was paid (the date of supply). */
  chargedAt: iso,
  seller,
  buyer: billingParty,
  /** The address the charge's receipt went to, when known (a document for a charge made before billing details were collected names only this). */
  buyerEmail: z.string().nullable(),
  currency: z.string().length(3),
  lines: z.array(documentLine),
  rateTotals: z.array(rateTotal),
  subtotalCents: cents,
  taxCents: cents,
  totalCents: cents,
  reverseCharge: z.boolean(),
};

/** The stream that numbers one series: `invoice-series-<series>` (e.g. `INV-2026`, `CN-2026`); each number is the stream's next version, so none is skipped or given twice. */
export const invoiceSeriesStreamId = (series: string) => `invoice-series-${series}`;

/** Where a document stands in its series, and the charge it is for. */
const numbered = {
  series: z.string(),
  sequence: z.number().int().min(1),
  /** `<series>-<sequence, six digits>`, e.g. `INV-2026-000042`. */
  number: z.string(),
  charge: chargeKey,
};

/** An invoice (or receipt) for one charge, numbered in its series; it never changes once issued. */
export const InvoiceIssued = defineEvent({
  type: 'InvoiceIssued',
  schemaVersion: 1,
  schema: z.object({
    ...numbered,
    /** The invoice this one corrects (after a credit note cancelled it), or null. */
    replaces: z.string().nullable(),
    ...documentBody,
  }),
});

/** A credit note against an issued invoice: a refund, a correction of billing details, or the VAT returned when a valid VAT id came later. */
export const CreditNoteIssued = defineEvent({
  type: 'CreditNoteIssued',
  schemaVersion: 1,
  schema: z.object({
    ...numbered,
    invoiceNumber: z.string(),
    reason: z.enum(['refund', 'correction', 'reverse_charge']),
    /** The Stripe refund it records, or null (a correction moves no money). */
    refundId: z.string().nullable(),
    ...documentBody,
  }),
});

export type InvoiceIssuedData = z.infer<typeof InvoiceIssued.schema>;
export type CreditNoteIssuedData = z.infer<typeof CreditNoteIssued.schema>;
export type DocumentLine = z.infer<typeof documentLine>;
export type RateTotal = z.infer<typeof rateTotal>;
export type Seller = z.infer<typeof seller>;

/** What every document of a charge holds beside its number: the parties, the lines and the totals. */
export type DocumentBody = Omit<InvoiceIssuedData, 'series' | 'sequence' | 'number' | 'charge' | 'replaces'>;

export const invoicingEvents = [InvoiceIssued, CreditNoteIssued] as const;
