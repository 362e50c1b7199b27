import { Migration } from '@mikro-orm/migrations';

/**
 * The append-only event log. `transaction_id` lets readers wait for slow transactions instead of
 * skipping their events (positions are handed out before commit, so they can commit out of order).
 */
export class Migration20261123000000_event_log extends Migration {
  override up(): void {
    this.addSql(`create table events (
      position bigint generated always as identity primary key,
      transaction_id xid8 not null default pg_current_xact_id(),
      stream_id text not null,
      stream_version integer not null check (stream_version > 0),
      type text not null,
      schema_version smallint not null check (schema_version > 0),
      data jsonb not null,
      metadata jsonb not null,
      recorded_at timestamptz not null default now(),
      constraint events_stream_version_key unique (stream_id, stream_version)
    )`);
    this.addSql('create index events_transaction_position_idx on events (transaction_id, position)');
    this.addSql('create index events_type_position_idx on events (type, position)');
    this.addSql('create index events_recorded_at_idx on events (recorded_at)');
    this.addSql(`create rule events_no_update as on update to events do instead nothing`);
    this.addSql(`create rule events_no_delete as on delete to events do instead nothing`);
  }

  override down(): void {
    this.addSql('drop table if exists events');
  }
}
