import { Migration } from '@mikro-orm/migrations';

/** Booking's read models: each host's current schedule. */
export class Migration20261123150000_booking extends Migration {
  override up(): void {
    this.addSql(`create table rm_host_availability (
      host_user_id text primary key,
      host_name text not null,
      schedule jsonb not null,
      updated_at timestamptz not null
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists rm_host_availability');
  }
}
