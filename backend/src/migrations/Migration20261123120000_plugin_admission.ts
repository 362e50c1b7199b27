import { Migration } from '@mikro-orm/migrations';

/**
 * Keys that no longer open their license (rotated away, or a seat taken back): projected from
 * license events, so the plugin hears `revoked` for them rather than `invalid`. And the log of
 * license checks the dashboard shows as a key's health (an operational log, not business facts).
 */
export class Migration20261123120000_plugin_admission extends Migration {
  override up(): void {
    this.addSql(`create table rm_retired_license_keys (
      key_hash text primary key,
      license_id text not null,
      retired_at timestamptz not null,
      why text not null
    )`);
    this.addSql(`create table license_validations (
      id bigint generated always as identity primary key,
      license_id text,
      key_hint text not null,
      checked_at timestamptz not null default now(),
      plugin_version text,
      code text not null,
      reason text,
      request_id text not null
    )`);
    this.addSql('create index license_validations_license on license_validations (license_id, checked_at desc)');
  }

  override down(): void {
    this.addSql('drop table if exists license_validations');
    this.addSql('drop table if exists rm_retired_license_keys');
  }
}
