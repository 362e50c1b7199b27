import type { BillingParty } from '../../../../contracts/billing/charge-tax';
import type { Decider } from '../../events/decider';
import { creditAmounts, creditNoteBody, remainingOf } from './documents/credit-note-body';
import { moneyReturnedBy, replacementBody } from './documents/correction-body';
import { CreditNoteIssued, InvoiceIssued, type ChargeKey, type CreditNoteIssuedData, type DocumentBody, type InvoiceIssuedData } from './invoicing.events';

/**
 * A series stream (`invoice-series-INV-2026`, `invoice-series-CN-2026`) numbers its documents: the
 * next number is the stream's next version, appended with the expected version, so two issuers
 * racing for one number cannot both get it and none is skipped. The state also knows which charges
 * this series has invoiced and what it has credited per invoice, so a command delivered again
 * records nothing (the append's source id keeps this true across series: see the handlers).
 */
export type SeriesCommand =
  | { type: 'IssueInvoice'; series: string; charge: ChargeKey; body: DocumentBody }
  | {
      type: 'IssueCreditNote';
      series: string;
      issuedAt: string;
      invoice: InvoiceIssuedData;
      /** Credit notes already issued against the invoice, in any series (read from the log). */
      earlier: CreditNoteIssuedData[];
      /** What has been refunded on the charge so far, tax included (Stripe's amount_refunded). */
      refundedCents: number;
    }
  | {
      /** Cancels what is left of the invoice in force, for new billing details (and, with `reverseCharge`, the VAT returned). */
      type: 'CorrectInvoice';
      series: string;
      issuedAt: string;
      invoice: InvoiceIssuedData;
      /** Credit notes already issued against the charge, in any series (read from the log). */
      earlier: CreditNoteIssuedData[];
      reverseCharge: boolean;
    }
  | {
      /** The invoice that takes the place of a corrected one: what its credit note cancelled, for the new billing details. */
      type: 'ReplaceInvoice';
      series: string;
      issuedAt: string;
      invoice: InvoiceIssuedData;
      creditNote: CreditNoteIssuedData;
      buyer: BillingParty;
    };

/** A list shared between states, added to at its head: folding a long series stays linear (copying a set per event would not). */
type Chain<T> = { readonly head: T; readonly rest: Chain<T> } | null;

function* walk<T>(chain: Chain<T>): Generator<T> {
  for (let link = chain; link; link = link.rest) yield link.head;
}

export interface SeriesState {
  issued: number;
  /** The charges this series invoiced (`kind:id`). */
  invoiced: Chain<string>;
  /** Each credit note's charge (`kind:id`), invoice, the money it gave back, and whether it cancelled the invoice for a correction. */
  credited: Chain<{ charge: string; invoiceNumber: string; returnedCents: number; corrects: boolean }>;
}

type SeriesEvent = ReturnType<typeof InvoiceIssued> | ReturnType<typeof CreditNoteIssued>;

export const chargeKeyText = (charge: ChargeKey) => `${charge.kind}:${charge.id}`;

/** `INV-2026-000042`: the series and the sequence, six digits (more once a series passes 999,999). */
export const documentNumber = (series: string, sequence: number) => `${series}-${String(sequence).padStart(6, '0')}`;

/** The series a document issued at `issuedAt` is numbered in: one per kind and calendar year (UTC). */
export const seriesOf = (kind: 'invoice' | 'credit-note', issuedAt: string) => `${kind === 'invoice' ? 'INV' : 'CN'}-${issuedAt.slice(0, 4)}`;

export const invoiceSeriesDecider: Decider<SeriesCommand, SeriesEvent, SeriesState> = {
  events: [InvoiceIssued, CreditNoteIssued],
  initialState: () => ({ issued: 0, invoiced: null, credited: null }),

  evolve(state, event) {
    const issued = event.data.sequence;
    if (event.type === 'InvoiceIssued') {
      if (event.data.replaces !== null) return { ...state, issued };
      return { ...state, issued, invoiced: { head: chargeKeyText(event.data.charge), rest: state.invoiced } };
    }
    const note = {
      charge: chargeKeyText(event.data.charge),
      invoiceNumber: event.data.invoiceNumber,
      returnedCents: moneyReturnedBy(event.data),
      corrects: event.data.reason !== 'refund',
    };
    return { ...state, issued, credited: { head: note, rest: state.credited } };
  },

  decide(command, state) {
    switch (command.type) {
      case 'IssueInvoice':
        return issueInvoice(command, state);
      case 'IssueCreditNote':
        return issueCreditNote(command, state);
      case 'CorrectInvoice':
        return correctInvoice(command, state);
      case 'ReplaceInvoice':
        return replaceInvoice(command, state);
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};

function issueInvoice(command: Extract<SeriesCommand, { type: 'IssueInvoice' }>, state: SeriesState): SeriesEvent[] {
  const key = chargeKeyText(command.charge);
  for (const invoiced of walk(state.invoiced)) if (invoiced === key) return [];
  const sequence = state.issued + 1;
  return [
    InvoiceIssued({
      series: command.series,
      sequence,
      number: documentNumber(command.series, sequence),
      charge: command.charge,
      replaces: null,
      ...command.body,
    }),
  ];
}

/**
 * A refund's credit note covers what was refunded beyond the money earlier notes gave back (refunds,
 * and VAT returned for the reverse charge), against the invoice in force: once, however often the
 * refund is delivered.
 */
function issueCreditNote(command: Extract<SeriesCommand, { type: 'IssueCreditNote' }>, state: SeriesState): SeriesEvent[] {
  const { invoice, earlier } = command;
  const key = chargeKeyText(invoice.charge);
  const returnedEarlier = earlier.reduce((sum, note) => sum + moneyReturnedBy(note), 0);
  let inSeries = 0;
  for (const note of walk(state.credited)) if (note.charge === key) inSeries += note.returnedCents;
  const returned = Math.max(returnedEarlier, inSeries);
  const left = remainingOf(
    invoice,
    earlier.filter((note) => note.invoiceNumber === invoice.number),
  );
  const gross = Math.min(command.refundedCents - returned, left.totalCents);
  if (gross <= 0) return [];
  return [creditNote(command.series, state, invoice, 'refund', creditNoteBody(invoice, creditAmounts(left, gross), command.issuedAt))];
}

/**
 * A correction cancels all that is left of the invoice in force, once per invoice. The reverse
 * charge applies to a charge once: a second VAT id added later returns nothing more.
 */
function correctInvoice(command: Extract<SeriesCommand, { type: 'CorrectInvoice' }>, state: SeriesState): SeriesEvent[] {
  const { invoice, earlier } = command;
  const key = chargeKeyText(invoice.charge);
  const against = earlier.filter((note) => note.invoiceNumber === invoice.number);
  if (against.some((note) => note.reason !== 'refund')) return [];
  let reverseChargedBefore = earlier.some((note) => note.reason === 'reverse_charge');
  for (const note of walk(state.credited)) {
    if (note.invoiceNumber === invoice.number && note.corrects) return [];
    if (note.charge === key && note.corrects && note.returnedCents > 0) reverseChargedBefore = true;
  }
  const left = remainingOf(invoice, against);
  if (left.totalCents <= 0) return [];
  const reverseCharge = command.reverseCharge && !reverseChargedBefore && left.taxCents > 0;
  return [creditNote(command.series, state, invoice, reverseCharge ? 'reverse_charge' : 'correction', creditNoteBody(invoice, left, command.issuedAt))];
}

/** The corrected invoice: numbered in the invoice series, replacing the one its credit note cancelled. */
function replaceInvoice(command: Extract<SeriesCommand, { type: 'ReplaceInvoice' }>, state: SeriesState): SeriesEvent[] {
  const sequence = state.issued + 1;
  return [
    InvoiceIssued({
      series: command.series,
      sequence,
      number: documentNumber(command.series, sequence),
      charge: command.invoice.charge,
      replaces: command.invoice.number,
      ...replacementBody(command.creditNote, command.buyer, command.issuedAt),
    }),
  ];
}

function creditNote(
  series: string,
  state: SeriesState,
  invoice: InvoiceIssuedData,
  reason: CreditNoteIssuedData['reason'],
  body: DocumentBody,
): ReturnType<typeof CreditNoteIssued> {
  const sequence = state.issued + 1;
  return CreditNoteIssued({
    series,
    sequence,
    number: documentNumber(series, sequence),
    charge: invoice.charge,
    invoiceNumber: invoice.number,
    reason,
    refundId: null,
    ...body,
  });
}
