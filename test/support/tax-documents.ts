import { randomUUID } from 'node:crypto';
import { CreditNoteIssued, InvoiceIssued } from '../../backend/src/modules/invoicing';

/** One rate total of a document: country, rate, net and tax in the document's currency. */
export interface RateTotal {
  country: string;
  percentage: number;
  netCents: number;
  taxCents: number;
  taxType?: string;
}

/** A random year far from any other test's, so a test's quarters hold only its own documents. */
export const isolatedYear = () => 2100 + Math.floor(Math.random() * 7_800);

const seller = { name: 'SystemSculpt', address: ['1 Example Street', 'Dublin', 'IE'], taxId: 'IE1234567X', email: null };
const buyer = { name: 'Ada', businessName: null, address: null, taxIds: [] };

function body(totals: RateTotal[], currency: string, chargedAt: string, issuedAt: string) {
  const rateTotals = totals.map((t) => ({
    country: t.country,
    taxType: t.taxType ?? 'vat',
    percentage: t.percentage,
    netCents: t.netCents,
    taxCents: t.taxCents,
  }));
  const subtotalCents = totals.reduce((sum, t) => sum + t.netCents, 0);
  const taxCents = totals.reduce((sum, t) => sum + t.taxCents, 0);
  return {
    userId: 'user-tax',
    issuedAt,
    chargedAt,
    seller,
    buyerEmail: null,
    buyer,
    currency,
    lines: [
      {
        description: 'Lifetime',
        quantity: 1,
        amountCents: subtotalCents,
        taxPercentage: totals[0]?.percentage ?? 0,
        taxCents,
        periodStart: null,
        periodEnd: null,
      },
    ],
    rateTotals,
    subtotalCents,
    taxCents,
    totalCents: subtotalCents + taxCents,
    reverseCharge: false,
  };
}

/** An invoice as the invoicing module issues it, for the charge made at `chargedAt`. */
export function invoice(options: { totals: RateTotal[]; chargedAt: string; issuedAt?: string; currency?: string; number?: string }) {
  const sequence = Math.floor(Math.random() * 900_000) + 1;
  const number = options.number ?? `INV-T-${randomUUID()}`;
  return InvoiceIssued({
    series: 'INV-T',
    sequence,
    number,
    charge: { kind: 'checkout', id: `ref-${number}` },
    replaces: null,
    ...body(options.totals, options.currency ?? 'EUR', options.chargedAt, options.issuedAt ?? options.chargedAt),
  });
}

/** A credit note against `invoiceNumber` (amounts as printed on it, positive), issued at `issuedAt`. */
export function creditNote(options: { invoiceNumber: string; totals: RateTotal[]; chargedAt: string; issuedAt: string; currency?: string }) {
  const number = `CN-T-${randomUUID()}`;
  return CreditNoteIssued({
    series: 'CN-T',
    sequence: 1,
    number,
    charge: { kind: 'checkout', id: `ref-${options.invoiceNumber}` },
    invoiceNumber: options.invoiceNumber,
    reason: 'refund',
    refundId: `re_${randomUUID().slice(0, 8)}`,
    ...body(options.totals, options.currency ?? 'EUR', options.chargedAt, options.issuedAt),
  });
}
