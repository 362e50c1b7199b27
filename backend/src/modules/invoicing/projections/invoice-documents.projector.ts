import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import type { CreditNoteIssued, DocumentBody, InvoiceIssued } from '../invoicing.events';
import { invoiceDocumentTables } from './invoice-documents.entity';

type Event = Recorded<ReturnType<typeof InvoiceIssued> | ReturnType<typeof CreditNoteIssued>>;

/** Keeps rm_invoice_documents: every issued document, as issued (a document never changes). */
export class InvoiceDocumentsProjector implements Projector<Event> {
  readonly name = 'InvoiceDocumentsProjector';
  readonly eventTypes: Event['type'][] = ['InvoiceIssued', 'CreditNoteIssued'];
  readonly tables = ['rm_invoice_documents'];

  async apply(event: Event, em: EntityManager): Promise<void> {
    const { series: _series, sequence: _sequence, number, charge, ...rest } = event.data;
    const isNote = event.type === 'CreditNoteIssued';
    const {
      invoiceNumber,
      reason,
      refundId: _refundId,
      replaces: _replaces,
      ...body
    } = rest as typeof rest & {
      invoiceNumber?: string;
      reason?: string;
      refundId?: string | null;
      replaces?: string | null;
    };
    const document: DocumentBody = body;
    await invoiceDocumentTables(em)
      .insertInto('rm_invoice_documents')
      .values({
        number,
        kind: isNote ? 'credit_note' : 'invoice',
        user_id: document.userId,
        charge_kind: charge.kind,
        charge_id: charge.id,
        invoice_number: isNote ? (invoiceNumber ?? null) : null,
        reason: isNote ? (reason ?? null) : null,
        issued_at: new Date(document.issuedAt),
        currency: document.currency,
        total_cents: document.totalCents,
        tax_cents: document.taxCents,
        document,
      })
      .onConflict((c) => c.column('number').doNothing())
      .execute();
  }
}
