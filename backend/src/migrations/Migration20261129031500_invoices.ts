import { Migration } from '@mikro-orm/migrations';

/** Issued invoices and credit notes (InvoiceDocumentsProjector), and the log's index of the documents of a charge (ChargeDocumentsLog). */
export class Migration20261129031500_invoices extends Migration {
  override up(): void {
    this.addSql(`create table rm_invoice_documents (
      number text primary key,
      kind text not null check (kind in ('invoice', 'credit_note')),
      user_id text not null,
      charge_kind text not null,
      charge_id text not null,
      invoice_number text,
      reason text,
      issued_at timestamptz not null,
      currency text not null,
      total_cents integer not null,
      tax_cents integer not null,
      document jsonb not null
    )`);
    this.addSql('create index rm_invoice_documents_user on rm_invoice_documents (user_id, issued_at desc)');
    this.addSql('create index rm_invoice_documents_charge on rm_invoice_documents (charge_kind, charge_id)');
    this.addSql(`create index events_invoicing_charge_idx on events ((data #>> '{charge,id}')) where type in ('InvoiceIssued', 'CreditNoteIssued')`);
  }

  override down(): void {
    this.addSql('drop index if exists events_invoicing_charge_idx');
    this.addSql('drop table if exists rm_invoice_documents');
  }
}
