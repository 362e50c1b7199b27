import { Migration } from '@mikro-orm/migrations';

/**
 * event_sources: external ids (Stripe event ids, …) already recorded, so an append carrying one
 * happens once, ever. projector_checkpoints: how far each read model has read the log, written
 * in the same transaction as the read model itself.
 */
export class Migration20261123020000_event_sources_and_checkpoints extends Migration {
  override up(): void {
    this.addSql(`create table event_sources (
      source_id text primary key,
      stream_id text not null,
      recorded_at timestamptz not null default now()
    )`);
    this.addSql(`create table projector_checkpoints (
      name text primary key,
      transaction_id xid8 not null default '0',
      position bigint not null default 0,
      events_applied bigint not null default 0,
      updated_at timestamptz not null default now()
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists projector_checkpoints');
    this.addSql('drop table if exists event_sources');
  }
}
