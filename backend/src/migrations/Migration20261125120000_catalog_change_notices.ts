import { Migration } from '@mikro-orm/migrations';

/**
 * Every change to the catalog, whoever makes it (the seed at start, an operator's SQL), notifies
 * `catalog_changes` on commit, so each api process drops the catalog answers it keeps in memory.
 * Per row, with one payload: Postgres sends a transaction's identical notifications once, and an
 * upsert that changes nothing sends none.
 */
export class Migration20261125120000_catalog_change_notices extends Migration {
  override up(): void {
    this.addSql(`create or replace function notify_catalog_changed() returns trigger language plpgsql as $$
      begin
        perform pg_notify('catalog_changes', '');
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
