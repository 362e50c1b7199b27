import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { ChargeDocumentsLog } from '../charge-documents.log';
import { invoiceSeriesDecider, seriesOf, type SeriesState } from '../invoicing.decider';
import { invoiceSeriesStreamId, type ChargeKey } from '../invoicing.events';
import { InvoiceSeriesStreams } from '../invoicing-streams';

export type IssueCreditNoteOutcome = CommandOutcome<SeriesState> | { status: 'no-invoice' };

export class IssueCreditNote extends Command<IssueCreditNoteOutcome> {
  constructor(
    readonly charge: ChargeKey,
    /** Everything refunded on the charge so far, tax included (each refund event carries the new total). */
    readonly refundedCents: number,
    readonly metadata: EventMetadata,
    readonly issuedAt: string = new Date().toISOString(),
  ) {
    super();
  }
}

/**
 * A refund's credit note against the charge's invoice, for what the refund adds to what earlier
 * notes credited. A refund delivered again finds it credited (the decider) or its source id
 * `credit-note-of-<kind>-<id>-at-<refunded>` taken (the store), so it gets one note.
 */
@CommandHandler(IssueCreditNote)
export class IssueCreditNoteHandler implements ICommandHandler<IssueCreditNote, IssueCreditNoteOutcome> {
  constructor(
    private readonly series: InvoiceSeriesStreams,
    private readonly documents: ChargeDocumentsLog,
  ) {}

  async execute({ charge, refundedCents, metadata, issuedAt }: IssueCreditNote): Promise<IssueCreditNoteOutcome> {
    const { invoices, creditNotes } = await this.documents.of(charge);
    // The latest invoice of the charge is the one in force (a corrected charge's earlier one was credited in full).
    const invoice = invoices.at(-1);
    if (!invoice) return { status: 'no-invoice' };
    const series = seriesOf('credit-note', issuedAt);
    return runCommand({
      serialize: this.series.streams,
      streamId: invoiceSeriesStreamId(series),
      decider: invoiceSeriesDecider,
      command: { type: 'IssueCreditNote', series, issuedAt, invoice, earlier: creditNotes, refundedCents },
      metadata: { ...metadata, sourceId: `credit-note-of-${charge.kind}-${charge.id}-at-${refundedCents}` },
      cache: this.series.states,
      retries: 20,
    });
  }
}
