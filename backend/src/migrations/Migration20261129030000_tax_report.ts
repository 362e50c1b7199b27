import { Migration } from '@mikro-orm/migrations';

/** The seller's tax report (TaxReportProjector): document lines, quarter rollups, closed quarters as filed. */
export class Migration20261129030000_tax_report extends Migration {
  override up(): void {
    this.addSql(`create table rm_tax_document_lines (
      document_number text not null,
      line integer not null,
      kind text not null check (kind in ('invoice', 'credit_note')),
      supply_quarter text not null,
      issued_quarter text not null,
      report_quarter text not null,
      routed_tx bigint not null,
      routed_pos bigint not null,
      country text not null,
      tax_type text not null,
      rate text not null,
      currency text not null,
      net_cents bigint not null,
      tax_cents bigint not null,
      primary key (document_number, line)
    )`);
    this.addSql('create index rm_tax_document_lines_routed on rm_tax_document_lines (report_quarter, routed_tx, routed_pos)');
    this.addSql(`create table rm_tax_rollups (
      report_quarter text not null,
      supply_quarter text not null,
      country text not null,
      tax_type text not null,
      rate text not null,
      currency text not null,
      sales_net_cents bigint not null,
      sales_tax_cents bigint not null,
      adjustments_net_cents bigint not null,
      adjustments_tax_cents bigint not null,
      documents integer not null,
      primary key (report_quarter, supply_quarter, country, tax_type, rate, currency)
    )`);
    this.addSql('create index rm_tax_rollups_supply on rm_tax_rollups (supply_quarter)');
    this.addSql(`create table rm_tax_quarters (
      quarter text primary key,
      closed_at timestamptz not null,
      closed_by text,
      closed_through_tx bigint not null,
      closed_through_pos bigint not null,
      checksum text not null,
      filed_rows jsonb not null,
      filed_csv text not null,
      checksum_matches boolean not null
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists rm_tax_quarters');
    this.addSql('drop table if exists rm_tax_rollups');
    this.addSql('drop table if exists rm_tax_document_lines');
  }
}
