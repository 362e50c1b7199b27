import { MikroORM } from '@mikro-orm/postgresql';
import { Inject } from '@nestjs/common';
import type { Pool } from 'pg';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { readCheckpoint } from '../../../events/checkpoints';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { fold } from '../../../events/decider';
import { EVENTS_POOL } from '../../../events/events.tokens';
import { awaitProjection } from '../../../events/projection-wait';
import { countEventsAfter } from '../../../events/projector-lag';
import { csvChecksum, renderOssCsv } from '../oss-csv';
import { taxQuarterDecider } from '../tax-report.decider';
import { taxQuarterStreamId } from '../tax-report.events';
import { readQuarterRows } from '../tax-report.rows';

export interface QuarterClosed {
  quarter: string;
  checksum: string;
  closedAt: string;
}

/** The owner closes (files) a quarter that has ended. */
export class CloseTaxQuarter extends Command<QuarterClosed> {
  constructor(
    readonly quarter: string,
    readonly metadata: EventMetadata,
    readonly at: string,
  ) {
    super();
  }
}

const PROJECTOR = 'TaxReportProjector';
const DOCUMENT_TYPES = ['InvoiceIssued', 'CreditNoteIssued', 'TaxQuarterClosed'];
const CATCH_UP_MS = 5_000;

/**
 * Reads the quarter's report and the projector's checkpoint in one snapshot, so the report is
 * exactly the documents the log held up to that checkpoint, and records the close with both:
 * the checkpoint and the checksum of the CSV the owner files. Refused (before reading anything)
 * for a quarter that has not ended or is closed.
 */
@CommandHandler(CloseTaxQuarter)
export class CloseTaxQuarterHandler implements ICommandHandler<CloseTaxQuarter, QuarterClosed> {
  constructor(
    private readonly store: EventStore,
    @Inject(MikroORM) private readonly orm: MikroORM,
    @Inject(EVENTS_POOL) private readonly pool: Pool,
  ) {}

  async execute({ quarter, metadata, at }: CloseTaxQuarter): Promise<QuarterClosed> {
    const streamId = taxQuarterStreamId(quarter);
    const state = fold(taxQuarterDecider, await this.store.readStream(streamId, taxQuarterDecider.events));
    // The rules first, with a placeholder report: a refused close reads nothing more.
    taxQuarterDecider.decide({ type: 'CloseTaxQuarter', quarter, closedThrough: { transactionId: '0', position: '0' }, checksum: '0'.repeat(64), at }, state);
    await this.caughtUp();
    const { checkpoint, csv } = await this.orm.em.fork().transactional(
      async (em) => {
        const read = await readCheckpoint(em, PROJECTOR);
        return { checkpoint: read, csv: renderOssCsv(quarter, await readQuarterRows(em, quarter)) };
      },
      { isolationLevel: 'repeatable read', readOnly: true },
    );
    const checksum = csvChecksum(csv);
    const outcome = await runCommand({
      store: this.store,
      streamId,
      decider: taxQuarterDecider,
      command: {
        type: 'CloseTaxQuarter',
        quarter,
        closedThrough: { transactionId: checkpoint.transactionId.toString(), position: checkpoint.position.toString() },
        checksum,
        at,
      },
      metadata,
    });
    // So the page the owner sees next shows it closed.
    await awaitProjection(this.orm, PROJECTOR, outcome);
    return { quarter, checksum, closedAt: at };
  }

  /** Waits (briefly) for the report to hold every document in the log, so the quarter filed is the one the owner saw; bounded, as a close is right either way. */
  private async caughtUp(): Promise<void> {
    const deadline = Date.now() + CATCH_UP_MS;
    for (;;) {
      const { transactionId, position } = await readCheckpoint(this.orm.em.fork(), PROJECTOR);
      const behind = await countEventsAfter(this.pool, DOCUMENT_TYPES, { transactionId: transactionId.toString(), position: position.toString() });
      if (behind === 0 || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 40));
    }
  }
}
