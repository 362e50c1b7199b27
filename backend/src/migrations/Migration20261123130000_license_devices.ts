import { Migration } from '@mikro-orm/migrations';

/**
 * Device activations per license seat, one row per activation (a device activated again after a
 * release gets a new row, so a released slot still cooling down stays countable). And the device
 * a license check came from, so each device's last check and plugin version come from the log.
 */
export class Migration20261123130000_license_devices extends Migration {
  override up(): void {
    this.addSql(`create table rm_license_devices (
      license_id text not null,
      seat text not null,
      device_hash text not null,
      name text,
      plugin_version text,
      activated_at timestamptz not null,
      released_at timestamptz,
      slot_free_at timestamptz,
      primary key (license_id, seat, device_hash, activated_at)
    )`);
    this.addSql('alter table license_validations add column device_hash text');
    this.addSql('create index license_validations_device on license_validations (license_id, device_hash, checked_at desc) where device_hash is not null');
  }

  override down(): void {
    this.addSql('drop index if exists license_validations_device');
    this.addSql('alter table license_validations drop column if exists device_hash');
    this.addSql('drop table if exists rm_license_devices');
  }
}
