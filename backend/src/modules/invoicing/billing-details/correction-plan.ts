import type { BillingParty } from '../../../../../contracts/billing/charge-tax';
import { remainingOf } from '../documents/credit-note-body';
import type { CreditNoteIssuedData, InvoiceIssuedData } from '../invoicing.events';
import { reverseChargeApplies } from './reverse-charge';
import { sameParty } from './same-party';

export interface CorrectionFacts {
  /** The charge's invoices and credit notes, in the order issued. */
  invoices: readonly InvoiceIssuedData[];
  creditNotes: readonly CreditNoteIssuedData[];
  buyer: BillingParty;
  taxOrigin: string | null;
  /** Whether money can be given back on the charge (its payment is known). */
  refundable: boolean;
  /** Only charges made since then are reissued. */
  chargedSince: string;
}

/**
 * What new billing details do to one charge's documents: nothing (made before the window, fully
 * credited, or already naming these details), a correction (credit note and new invoice), or the
 * reverse charge (the same, with the VAT returned: once per charge). `replace` is a correction whose
 * credit note is issued and whose new invoice is not yet (a run cut short).
 */
export function correctionPlan(
  facts: CorrectionFacts,
): { kind: 'none' } | { kind: 'replace'; note: CreditNoteIssuedData } | { kind: 'correction' | 'reverse_charge' } {
  const invoice = facts.invoices.at(-1);
  if (!invoice || Date.parse(invoice.chargedAt) < Date.parse(facts.chargedSince)) return { kind: 'none' };
  const against = facts.creditNotes.filter((note) => note.invoiceNumber === invoice.number);
  const pending = against.find((note) => note.reason !== 'refund');
  if (pending) return { kind: 'replace', note: pending };
  const left = remainingOf(invoice, against);
  if (left.totalCents <= 0) return { kind: 'none' };
  const returnedBefore = facts.creditNotes.some((note) => note.reason === 'reverse_charge');
  if (facts.refundable && !returnedBefore && left.taxCents > 0 && reverseChargeApplies(invoice, facts.buyer, facts.taxOrigin))
    return { kind: 'reverse_charge' };
  return sameParty(invoice.buyer, facts.buyer) ? { kind: 'none' } : { kind: 'correction' };
}
