import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';
import type { DocumentBody } from '../invoicing.events';

/** One row per issued invoice and credit note: what the views render and the billing history lists. */
export const InvoiceDocument = defineEntity({
  name: 'InvoiceDocument',
  tableName: 'rm_invoice_documents',
  properties: {
    number: p.text().primary(),
    kind: p.enum(['invoice', 'credit_note']),
    userId: p.text(),
    chargeKind: p.text(),
    chargeId: p.text(),
    /** A credit note's invoice; null on an invoice. */
    invoiceNumber: p.text().nullable(),
    reason: p.text().nullable(),
    issuedAt: p.datetime(),
    currency: p.text(),
    totalCents: p.integer(),
    taxCents: p.integer(),
    document: p.json<DocumentBody>(),
  },
  indexes: [
    { name: 'rm_invoice_documents_user', expression: 'create index rm_invoice_documents_user on rm_invoice_documents (user_id, issued_at desc)' },
    { name: 'rm_invoice_documents_charge', expression: 'create index rm_invoice_documents_charge on rm_invoice_documents (charge_kind, charge_id)' },
  ],
});

export type InvoiceDocumentTables = ReadModelTables<typeof InvoiceDocument>;

/** Kysely over rm_invoice_documents, in `em`'s transaction if it is in one. */
export const invoiceDocumentTables = (em: EntityManager) => em.getKysely<InvoiceDocumentTables, typeof readModelKysely>(readModelKysely);
