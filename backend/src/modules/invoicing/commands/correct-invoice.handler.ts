import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { BillingParty } from '../../../../../contracts/billing/charge-tax';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { correctionPlan } from '../billing-details/correction-plan';
import { ChargeDocumentsLog } from '../charge-documents.log';
import { invoiceSeriesDecider, seriesOf } from '../invoicing.decider';
import { CreditNoteIssued, invoiceSeriesStreamId, type ChargeKey, type CreditNoteIssuedData, type InvoiceIssuedData } from '../invoicing.events';
import { InvoiceSeriesStreams } from '../invoicing-streams';

export type CorrectInvoiceOutcome = 'corrected' | 'reverse-charged' | 'unchanged';

export class CorrectInvoice extends Command<CorrectInvoiceOutcome> {
  constructor(
    readonly charge: ChargeKey,
    readonly buyer: BillingParty,
    /** Stripe Tax's origin when the details were given (see reverseChargeApplies). */
    readonly taxOrigin: string | null,
    /** Whether the VAT can be given back on this charge (its payment is known); if not, the details are corrected only. */
    readonly refundable: boolean,
    /** Only a charge made since then is reissued (the 30 days before the details changed). */
    readonly chargedSince: string,
    readonly metadata: EventMetadata,
    readonly issuedAt: string = new Date().toISOString(),
  ) {
    super();
  }
}

/**
 * Reissues a charge's invoice for new billing details (see correctionPlan): a credit note cancels
 * what is left of the invoice in force, then a new invoice replaces it. Two appends in two series,
 * each with its own source id (`correction-of-<number>`, `invoice-replacing-<number>`): run again
 * after a crash between them, it finds the credit note and issues only the replacement.
 */
@CommandHandler(CorrectInvoice)
export class CorrectInvoiceHandler implements ICommandHandler<CorrectInvoice, CorrectInvoiceOutcome> {
  constructor(
    private readonly series: InvoiceSeriesStreams,
    private readonly documents: ChargeDocumentsLog,
  ) {}

  async execute(command: CorrectInvoice): Promise<CorrectInvoiceOutcome> {
    const { charge, buyer, metadata, issuedAt } = command;
    const { invoices, creditNotes } = await this.documents.of(charge);
    const plan = correctionPlan({ ...command, invoices, creditNotes });
    if (plan.kind === 'none') return 'unchanged';
    const invoice = invoices.at(-1)!;
    const note = plan.kind === 'replace' ? plan.note : await this.creditNote(command, invoice, creditNotes, plan.kind === 'reverse_charge');
    if (!note) return 'unchanged';
    const series = seriesOf('invoice', issuedAt);
    await runCommand({
      serialize: this.series.streams,
      streamId: invoiceSeriesStreamId(series),
      decider: invoiceSeriesDecider,
      command: { type: 'ReplaceInvoice', series, issuedAt, invoice, creditNote: note, buyer },
      metadata: { ...metadata, sourceId: `invoice-replacing-${invoice.number}` },
      cache: this.series.states,
      retries: 20,
    });
    return note.reason === 'reverse_charge' ? 'reverse-charged' : 'corrected';
  }

  /** The correction's credit note: appended now, or found when another delivery appended it first. */
  private async creditNote(
    { charge, metadata, issuedAt }: CorrectInvoice,
    invoice: InvoiceIssuedData,
    earlier: CreditNoteIssuedData[],
    reverseCharge: boolean,
  ): Promise<CreditNoteIssuedData | undefined> {
    const series = seriesOf('credit-note', issuedAt);
    const outcome = await runCommand({
      serialize: this.series.streams,
      streamId: invoiceSeriesStreamId(series),
      decider: invoiceSeriesDecider,
      command: { type: 'CorrectInvoice', series, issuedAt, invoice, earlier, reverseCharge },
      metadata: { ...metadata, sourceId: `correction-of-${invoice.number}` },
      cache: this.series.states,
      retries: 20,
    });
    if (outcome.status === 'appended') {
      const event = outcome.events.find((e) => e.type === CreditNoteIssued.type);
      return event ? CreditNoteIssued.schema.parse(event.data) : undefined;
    }
    const { creditNotes } = await this.documents.of(charge);
    return creditNotes.find((n) => n.invoiceNumber === invoice.number && n.reason !== 'refund');
  }
}
