import type { ChargeTax } from '../../../../../contracts/billing/charge-tax';
import type { ChargeKey, DocumentBody, DocumentLine, RateTotal, Seller } from '../invoicing.events';
import { allocate } from './allocate';

/** What the log knows of one paid charge: enough for its invoice, with or without the tax facts. */
export interface ChargeFacts {
  charge: ChargeKey;
  userId: string;
  email: string | null;
  description: string;
  quantity: number;
  /** What was paid, tax included when `tax` is known. */
  amountCents: number;
  currency: string;
  chargedAt: string;
  periodStart: string | null;
  periodEnd: string | null;
  /** Null for a charge recorded before tax was collected: the invoice shows no tax. */
  tax: ChargeTax | null;
  /** A promotion the charge took: the invoice shows the list price and the discount as its own line. */
  discount: { description: string; amountOffCents: number } | null;
}

const NO_BUYER = { name: null, businessName: null, address: null, taxIds: [] };

/** The body of the invoice of a charge: the seller as configured now, the buyer and the amounts as the charge recorded them. */
export function invoiceBody(facts: ChargeFacts, seller: Seller, issuedAt: string): DocumentBody {
  const { tax } = facts;
  const subtotalCents = tax ? tax.subtotalCents : facts.amountCents;
  const taxCents = tax ? tax.taxCents : 0;
  const line: DocumentLine = {
    description: facts.description,
    quantity: facts.quantity,
    amountCents: subtotalCents,
    taxPercentage: tax ? linePercentage(tax) : 0,
    taxCents,
    periodStart: facts.periodStart,
    periodEnd: facts.periodEnd,
  };
  const off = facts.discount && facts.discount.amountOffCents > 0 ? facts.discount : null;
  return {
    userId: facts.userId,
    issuedAt,
    chargedAt: facts.chargedAt,
    seller,
    buyer: tax ? tax.buyer : NO_BUYER,
    buyerEmail: facts.email,
    currency: (tax?.currency ?? facts.currency).toLowerCase(),
    lines: off ? discountedLines(line, off) : [line],
    rateTotals: tax ? rateTotalsOf(tax) : [],
    subtotalCents,
    taxCents,
    totalCents: tax ? tax.totalCents : facts.amountCents,
    reverseCharge: tax?.reverseCharge ?? false,
  };
}

/**
 * The list price and the discount as two lines that add up to what was charged before tax, the
 * tax shared between them in proportion (so each line's tax is its amount at the rate).
 */
function discountedLines(line: DocumentLine, discount: { description: string; amountOffCents: number }): DocumentLine[] {
  const listCents = line.amountCents + discount.amountOffCents;
  const [listTax, discountTax] = allocate(line.taxCents, [listCents, -discount.amountOffCents]);
  return [
    { ...line, amountCents: listCents, taxCents: listTax! },
    { ...line, description: discount.description, quantity: 1, amountCents: -discount.amountOffCents, taxCents: discountTax! },
  ];
}

/** The rate a line shows: the one rate applied, or the sum of stacked rates (a state's and a county's on one amount). */
function linePercentage(tax: ChargeTax): number {
  return Math.round(tax.lines.reduce((sum, l) => sum + l.percentage, 0) * 10_000) / 10_000;
}

/** Totals by rate: one per jurisdiction, type and rate, taxable amount and tax summed. */
function rateTotalsOf(tax: ChargeTax): RateTotal[] {
  const totals = new Map<string, RateTotal>();
  for (const l of tax.lines) {
    const key = `${l.country}|${l.taxType}|${l.percentage}`;
    const known = totals.get(key);
    if (known) totals.set(key, { ...known, netCents: known.netCents + l.taxableAmountCents, taxCents: known.taxCents + l.amountCents });
    else totals.set(key, { country: l.country, taxType: l.taxType, percentage: l.percentage, netCents: l.taxableAmountCents, taxCents: l.amountCents });
  }
  return [...totals.values()];
}
