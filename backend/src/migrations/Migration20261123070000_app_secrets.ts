import { Migration } from '@mikro-orm/migrations';

/**
 * app_secrets: secrets the site makes for itself on first boot (the key behind manage-email and
 * CSRF tokens), so links in sent emails keep working across restarts and every instance agrees.
 */
export class Migration20261123070000_app_secrets extends Migration {
  override up(): void {
    this.addSql(`create table app_secrets (
      name text primary key,
      value text not null,
      created_at timestamptz not null default now()
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists app_secrets');
  }
}
