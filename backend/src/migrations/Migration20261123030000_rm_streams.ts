import { Migration } from '@mikro-orm/migrations';

/** The admin's list of streams: one row per stream, built by StreamSummaryProjector. */
export class Migration20261123030000_rm_streams extends Migration {
  override up(): void {
    this.addSql(`create table rm_streams (
      stream_id text primary key,
      category text not null,
      version integer not null,
      event_count integer not null,
      last_event_type text not null,
      last_actor text not null,
      first_recorded_at timestamptz not null,
      last_recorded_at timestamptz not null
    )`);
    this.addSql('create index rm_streams_category_idx on rm_streams (category, last_recorded_at desc)');
    this.addSql('create index rm_streams_last_recorded_idx on rm_streams (last_recorded_at desc)');
  }

  override down(): void {
    this.addSql('drop table if exists rm_streams');
  }
}
