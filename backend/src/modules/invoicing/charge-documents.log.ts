import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { readEventsByDataPath } from '../../events/event-data-lookup';
import { EVENTS_POOL } from '../../events/events.tokens';
import { CreditNoteIssued, InvoiceIssued, type ChargeKey, type CreditNoteIssuedData, type InvoiceIssuedData } from './invoicing.events';

/**
 * The documents of one charge as the log holds them, in any series (a read model could lag the
 * refund it is asked about). The invoicing migration's partial index finds them by charge id.
 */
@Injectable()
export class ChargeDocumentsLog {
  constructor(@Inject(EVENTS_POOL) private readonly pool: Pool) {}

  async of(charge: ChargeKey): Promise<{ invoices: InvoiceIssuedData[]; creditNotes: CreditNoteIssuedData[] }> {
    const rows = (await readEventsByDataPath(this.pool, [InvoiceIssued.type, CreditNoteIssued.type], ['charge', 'id'], charge.id)).filter(
      (row) => (row.data as { charge?: { kind?: string } }).charge?.kind === charge.kind,
    );
    return {
      invoices: rows.filter((r) => r.type === InvoiceIssued.type).map((r) => InvoiceIssued.schema.parse(r.data)),
      creditNotes: rows.filter((r) => r.type === CreditNoteIssued.type).map((r) => CreditNoteIssued.schema.parse(r.data)),
    };
  }
}
