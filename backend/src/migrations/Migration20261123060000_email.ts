import { Migration } from '@mikro-orm/migrations';

/**
 * email_deliveries: one row per email handed to a transport, keyed by the job that sent it, so a
 * retried job never sends twice. email_outbox: the local transport's mailbox (/dev/outbox).
 */
export class Migration20261123060000_email extends Migration {
  override up(): void {
    this.addSql(`create table email_deliveries (
      job_key text primary key,
      message_id text not null,
      kind text not null,
      to_address text not null,
      transport text not null,
      delivered_at timestamptz not null default now()
    )`);
    this.addSql(`create table email_outbox (
      id bigserial primary key,
      message_id text not null unique,
      kind text not null,
      topic text not null,
      from_address text not null,
      to_address text not null,
      subject text not null,
      html text not null,
      text text not null,
      headers jsonb not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql('create index email_outbox_to_idx on email_outbox (to_address, id desc)');
  }

  override down(): void {
    this.addSql('drop table if exists email_outbox');
    this.addSql('drop table if exists email_deliveries');
  }
}
