import type { Decider } from '../../events/decider';
import { creditAmounts, creditNoteBody, remainingOf } from './documents/credit-note-body';
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
  /** Each credit note's invoice number and gross. */
  credited: Chain<{ invoiceNumber: string; totalCents: number }>;
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
    const { invoiceNumber, totalCents } = event.data;
    return { ...state, issued, credited: { head: { invoiceNumber, totalCents }, rest: state.credited } };
  },

  decide(command, state) {
    switch (command.type) {
      case 'IssueInvoice':
        return issueInvoice(command, state);
      case 'IssueCreditNote':
        return issueCreditNote(command, state);
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

/** A refund's credit note covers what was refunded beyond what earlier notes credited: once, however often the refund is delivered. */
function issueCreditNote(command: Extract<SeriesCommand, { type: 'IssueCreditNote' }>, state: SeriesState): SeriesEvent[] {
  const { invoice, earlier } = command;
  const refundNotes = earlier.filter((note) => note.invoiceNumber === invoice.number && note.reason === 'refund');
  const creditedEarlier = refundNotes.reduce((sum, note) => sum + note.totalCents, 0);
  let inSeries = 0;
  for (const note of walk(state.credited)) if (note.invoiceNumber === invoice.number) inSeries += note.totalCents;
  const credited = Math.max(creditedEarlier, inSeries);
  const left = remainingOf(
    invoice,
    earlier.filter((note) => note.invoiceNumber === invoice.number),
  );
  const gross = Math.min(command.refundedCents, invoice.totalCents) - credited;
  if (gross <= 0 || left.totalCents <= 0) return [];
  const sequence = state.issued + 1;
  return [
    CreditNoteIssued({
      series: command.series,
      sequence,
      number: documentNumber(command.series, sequence),
      charge: invoice.charge,
      invoiceNumber: invoice.number,
      reason: 'refund',
      refundId: null,
      ...creditNoteBody(invoice, creditAmounts(left, Math.min(gross, left.totalCents)), command.issuedAt),
    }),
  ];
}
