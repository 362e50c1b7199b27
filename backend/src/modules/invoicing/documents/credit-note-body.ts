import type { DocumentBody, InvoiceIssuedData } from '../invoicing.events';
import { allocate } from './allocate';

type Amounts = Pick<DocumentBody, 'lines' | 'rateTotals' | 'subtotalCents' | 'taxCents' | 'totalCents'>;

/**
 * What is still credited-able on an invoice: its amounts less every credit note already issued
 * against it, line by line and rate by rate.
 */
export function remainingOf(invoice: Amounts, notes: readonly Amounts[]): Amounts {
  const minus = (get: (a: Amounts) => number) => get(invoice) - notes.reduce((sum, n) => sum + get(n), 0);
  return {
    lines: invoice.lines.map((line, i) => ({
      ...line,
      amountCents: line.amountCents - notes.reduce((s, n) => s + (n.lines[i]?.amountCents ?? 0), 0),
      taxCents: line.taxCents - notes.reduce((s, n) => s + (n.lines[i]?.taxCents ?? 0), 0),
    })),
    rateTotals: invoice.rateTotals.map((rate, i) => ({
      ...rate,
      netCents: rate.netCents - notes.reduce((s, n) => s + (n.rateTotals[i]?.netCents ?? 0), 0),
      taxCents: rate.taxCents - notes.reduce((s, n) => s + (n.rateTotals[i]?.taxCents ?? 0), 0),
    })),
    subtotalCents: minus((a) => a.subtotalCents),
    taxCents: minus((a) => a.taxCents),
    totalCents: minus((a) => a.totalCents),
  };
}

/**
 * The amounts of a credit note for `grossCents` (tax included) of what is left on an invoice: all
 * of it exactly when the gross is everything left; otherwise net and tax split in proportion, line
 * by line and rate by rate, each split rounded by largest remainder so every total adds up.
 */
export function creditAmounts(left: Amounts, grossCents: number): Amounts {
  if (grossCents >= left.totalCents) return left;
  const taxCents = allocate(grossCents, [left.subtotalCents, left.taxCents])[1]!;
  const subtotalCents = grossCents - taxCents;
  const lineNets = allocate(
    subtotalCents,
    left.lines.map((l) => l.amountCents),
  );
  const lineTaxes = allocate(
    taxCents,
    left.lines.map((l) => l.taxCents),
  );
  const rateTaxes = allocate(
    taxCents,
    left.rateTotals.map((r) => r.taxCents),
  );
  const rateNetSum = left.rateTotals.reduce((s, r) => s + r.netCents, 0);
  // Rates on one amount each (the usual case) split the subtotal exactly; stacked rates on the same amount are scaled one by one.
  const rateNets =
    rateNetSum === left.subtotalCents
      ? allocate(
          subtotalCents,
          left.rateTotals.map((r) => r.netCents),
        )
      : left.rateTotals.map((r) => (left.subtotalCents > 0 ? Math.round((r.netCents * subtotalCents) / left.subtotalCents) : 0));
  return {
    lines: left.lines.map((line, i) => ({ ...line, amountCents: lineNets[i]!, taxCents: lineTaxes[i]! })),
    rateTotals: left.rateTotals.map((rate, i) => ({ ...rate, netCents: rateNets[i]!, taxCents: rateTaxes[i]! })),
    subtotalCents,
    taxCents,
    totalCents: grossCents,
  };
}

/** A credit note's body: the invoice's parties and currency, the credited amounts, issued now. */
export function creditNoteBody(invoice: InvoiceIssuedData, amounts: Amounts, issuedAt: string): DocumentBody {
  const { series: _s, sequence: _q, number: _n, charge: _c, replaces: _r, ...body } = invoice;
  return { ...body, ...amounts, issuedAt };
}
