import { Migration } from '@mikro-orm/migrations';

/** The credit ledger's read models: packs and what is left of them, included usage per cycle, and usage entries. */
export class Migration20261123140000_credit_ledger extends Migration {
  override up(): void {
    this.addSql(`create table rm_credit_packs (
      pack_id text primary key,
      user_id text not null,
      resource_id text not null,
      title text not null,
      credits bigint not null,
      remaining bigint not null,
      added_at timestamptz not null,
      removed_at timestamptz,
      removed_reason text
    )`);
    this.addSql('create index rm_credit_packs_user on rm_credit_packs (user_id, added_at)');
    this.addSql(`create table rm_credit_cycles (
      license_id text not null,
      cycle_start timestamptz not null,
      user_id text not null,
      cycle_end timestamptz not null,
      allowance bigint not null,
      used bigint not null default 0,
      primary key (license_id, cycle_start)
    )`);
    this.addSql(`create table rm_credit_usage (
      entry_id text primary key,
      user_id text not null,
      license_id text not null,
      request_id text not null,
      endpoint text not null,
      usage_kind text not null,
      credits bigint not null,
      from_included bigint not null,
      created_at timestamptz not null
    )`);
    this.addSql('create index rm_credit_usage_user on rm_credit_usage (user_id, created_at desc, entry_id desc)');
  }

  override down(): void {
    this.addSql('drop table if exists rm_credit_usage');
    this.addSql('drop table if exists rm_credit_cycles');
    this.addSql('drop table if exists rm_credit_packs');
  }
}
