import { Migration } from '@mikro-orm/migrations';

/**
 * Any change to the catalog, by whichever process or person makes it (the seed at start, a fix by
 * hand), notifies `catalog_changed` when it commits: api processes drop what they built from the
 * catalog (the signed-out pages they keep rendered). Row by row, so a seed that changed nothing
 * notifies no one; Postgres folds one transaction's repeats of a notification into one.
 */
export class Migration20261125090000_catalog_changed_notify extends Migration {
  override up(): void {
    this.addSql(`create function notify_catalog_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('catalog_changed', '');
        return null;
      end $$`);
    this.addSql(`create trigger resources_changed after insert or update or delete on resources
      for each row execute function notify_catalog_changed()`);
    this.addSql(`create trigger resources_truncated after truncate on resources
      for each statement execute function notify_catalog_changed()`);
  }

  override down(): void {
    this.addSql('drop trigger if exists resources_truncated on resources');
    this.addSql('drop trigger if exists resources_changed on resources');
    this.addSql('drop function if exists notify_catalog_changed()');
  }
}
