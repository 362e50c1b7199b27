import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand, type CommandOutcome } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import type { ChargeFacts } from '../documents/charge-document';
import { invoiceBody } from '../documents/charge-document';
import { invoiceSeriesDecider, seriesOf, type SeriesState } from '../invoicing.decider';
import { invoiceSeriesStreamId } from '../invoicing.events';
import { InvoiceSeriesStreams } from '../invoicing-streams';
import { InvoiceSeller } from '../seller';

export class IssueInvoice extends Command<CommandOutcome<SeriesState>> {
  constructor(
    readonly facts: ChargeFacts,
    readonly metadata: EventMetadata,
    /** When it is issued (its date and series); now unless a test says otherwise. */
    readonly issuedAt: string = new Date().toISOString(),
  ) {
    super();
  }
}

/**
 * Issues the invoice of a paid charge: numbered by its series stream (one writer at a time, the
 * number its next version), once per charge. The append carries the source id
 * `invoice-of-<kind>-<id>`, claimed in the same transaction as the number: a charge delivered again
 * (a retried batch, a redelivered event, a retry that crosses into the next year's series) finds
 * its claim taken and appends nothing, and a crash before the commit leaves neither claim nor
 * number, so no number is lost.
 */
@CommandHandler(IssueInvoice)
export class IssueInvoiceHandler implements ICommandHandler<IssueInvoice, CommandOutcome<SeriesState>> {
  constructor(
    private readonly series: InvoiceSeriesStreams,
    private readonly seller: InvoiceSeller,
  ) {}

  execute({ facts, metadata, issuedAt }: IssueInvoice): Promise<CommandOutcome<SeriesState>> {
    const series = seriesOf('invoice', issuedAt);
    return runCommand({
      serialize: this.series.streams,
      streamId: invoiceSeriesStreamId(series),
      decider: invoiceSeriesDecider,
      command: { type: 'IssueInvoice', series, charge: facts.charge, body: invoiceBody(facts, this.seller.seller, issuedAt) },
      metadata: { ...metadata, sourceId: invoiceSourceId(facts.charge) },
      cache: this.series.states,
      retries: 20,
    });
  }
}

export const invoiceSourceId = (charge: { kind: string; id: string }) => `invoice-of-${charge.kind}-${charge.id}`;
