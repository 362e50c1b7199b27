import { z } from 'zod';
import { defineServerFn } from '../server-fn';
import { billingParty } from './charge-tax';

const iso = z.iso.datetime();
const cents = z.number().int();

/** An invoice or credit note number as issued: `INV-2026-000042`, `CN-2026-000003`. */
export const DOCUMENT_NUMBER = /^(INV|CN)-\d{4}-\d{6,9}$/;
export const documentNumberSchema = z.string().max(20).regex(DOCUMENT_NUMBER, 'an invoice or credit note number such as INV-2026-000042');

/** One issued document as its views show it: the parties, the lines with their tax, the totals by rate. */
export const billingDocumentSchema = z.object({
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  /** A credit note's invoice; null on an invoice. */
  invoiceNumber: z.string().nullable(),
  reason: z.string().nullable(),
  issuedAt: iso,
  chargedAt: iso,
  seller: z.object({ name: z.string(), address: z.array(z.string()), taxId: z.string().nullable(), email: z.string().nullable() }),
  buyer: billingParty,
  buyerEmail: z.string().nullable(),
  currency: z.string().length(3),
  lines: z.array(
    z.object({
      description: z.string(),
      quantity: z.number().int(),
      amountCents: cents,
      taxPercentage: z.number(),
      taxCents: cents,
      periodStart: iso.nullable(),
      periodEnd: iso.nullable(),
    }),
  ),
  rateTotals: z.array(z.object({ country: z.string(), taxType: z.string(), percentage: z.number(), netCents: cents, taxCents: cents })),
  subtotalCents: cents,
  taxCents: cents,
  totalCents: cents,
  reverseCharge: z.boolean(),
  /** Where the PDF of this document downloads. */
  pdfPath: z.string(),
});
export type BillingDocument = z.infer<typeof billingDocumentSchema>;

/** The owner's own document; any other number (someone else's, a seat holder's owner's, none) is NOT_FOUND. */
export const getBillingDocument = defineServerFn({
  id: 'getBillingDocument',
  method: 'GET',
  input: z.object({ number: documentNumberSchema }).strict(),
  output: billingDocumentSchema,
  errors: ['NOT_FOUND'],
});

export const CHARGE_STATUSES = ['paid', 'refunded', 'partially_refunded', 'disputed', 'failed', 'pending'] as const;
export type ChargeStatus = (typeof CHARGE_STATUSES)[number];

const documentLink = z.object({ kind: z.enum(['invoice', 'credit_note']), number: z.string(), issuedAt: iso, totalCents: cents, currency: z.string() });
export type BillingDocumentLink = z.infer<typeof documentLink>;

/** One charge of the account: a purchase, a renewal or a plan change; a payment waiting or failed. */
export const billingChargeSchema = z.object({
  id: z.string(),
  kind: z.enum(['purchase', 'renewal', 'plan_change']),
  title: z.string(),
  at: iso,
  period: z.object({ start: iso, end: iso }).nullable(),
  amountCents: cents,
  /** The tax in the amount, from its invoice; null while it has none (pending, failed, not yet issued). */
  taxCents: cents.nullable(),
  /** What its invoice took off (a promotion code or a sale), as the invoice words it; none when nothing was. */
  discounts: z.array(z.object({ description: z.string(), amountCents: cents })),
  currency: z.string(),
  status: z.enum(CHARGE_STATUSES),
  documents: z.array(documentLink),
});
export type BillingCharge = z.infer<typeof billingChargeSchema>;

/** The signed-in account's charges, newest first (seats held on someone else's license show none of theirs). */
export const getBillingHistory = defineServerFn({
  id: 'getBillingHistory',
  method: 'GET',
  input: z.object({}).strict().default({}),
  output: z.object({ charges: z.array(billingChargeSchema) }),
});

export const CHARGE_KINDS = ['checkout', 'subscription-invoice'] as const;

/** Where a receipt email points for a charge's invoice: it may be issued a moment after the email is sent, so the page looks it up then. */
export const chargeInvoicePath = (kind: (typeof CHARGE_KINDS)[number], id: string) => `/billing/charges/${kind}/${encodeURIComponent(id)}`;

/** The number of the owner's invoice for a charge, or null: not issued yet, or not a charge of this account (the same answer). */
export const getChargeInvoice = defineServerFn({
  id: 'getChargeInvoice',
  method: 'GET',
  input: z.object({ kind: z.enum(CHARGE_KINDS), id: z.string().min(1).max(200) }).strict(),
  output: z.object({ number: z.string().nullable() }),
});
