import type { BillingParty } from '../../../../../contracts/billing/charge-tax';
import type { CreditNoteIssuedData, DocumentBody } from '../invoicing.events';

/**
 * The money a credit note gave back to the buyer: a refund's whole amount, the VAT a reverse charge
 * returned, nothing for a correction (its new invoice bills the same amount again).
 */
export function moneyReturnedBy(note: Pick<CreditNoteIssuedData, 'reason' | 'totalCents' | 'taxCents'>): number {
  if (note.reason === 'refund') return note.totalCents;
  if (note.reason === 'reverse_charge') return note.taxCents;
  return 0;
}

/**
 * The body of the invoice that replaces a corrected one: what the correction's credit note
 * cancelled, billed to the new details. After a reverse charge the same net carries no tax, each
 * rate at 0% (the rate table keeps the country, so the tax report shows the reverse-charged sale).
 */
export function replacementBody(note: CreditNoteIssuedData, buyer: BillingParty, issuedAt: string): DocumentBody {
  const { series: _s, sequence: _q, number: _n, charge: _c, invoiceNumber: _i, reason, refundId: _r, ...body } = note;
  if (reason !== 'reverse_charge') return { ...body, buyer, issuedAt };
  return {
    ...body,
    buyer,
    issuedAt,
    lines: body.lines.map((line) => ({ ...line, taxPercentage: 0, taxCents: 0 })),
    rateTotals: body.rateTotals.map((rate) => ({ ...rate, percentage: 0, taxCents: 0 })),
    taxCents: 0,
    totalCents: body.subtotalCents,
    reverseCharge: true,
  };
}
