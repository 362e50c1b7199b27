import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { EVENTS_POOL } from '../../events/events.tokens';
import { CreditNoteIssued, InvoiceIssued, type ChargeKey, type CreditNoteIssuedData, type InvoiceIssuedData } from './invoicing.events';

/**
 * The documents of one charge as the log holds them, in any series (a read model could lag the
 * refund it is asked about). The partial index of the invoicing migration finds them by charge.
 */
@Injectable()
export class ChargeDocumentsLog {
  constructor(@Inject(EVENTS_POOL) private readonly pool: Pool) {}

  async of(charge: ChargeKey): Promise<{ invoices: InvoiceIssuedData[]; creditNotes: CreditNoteIssuedData[] }> {
    const { rows } = await this.pool.query<{ type: string; data: unknown }>(
      `select type, data from events
        where type in ('InvoiceIssued', 'CreditNoteIssued') and data->'charge'->>'id' = $1 and data->'charge'->>'kind' = $2
        order by position`,
      [charge.id, charge.kind],
    );
    return {
      invoices: rows.filter((r) => r.type === InvoiceIssued.type).map((r) => InvoiceIssued.schema.parse(r.data)),
      creditNotes: rows.filter((r) => r.type === CreditNoteIssued.type).map((r) => CreditNoteIssued.schema.parse(r.data)),
    };
  }
}
