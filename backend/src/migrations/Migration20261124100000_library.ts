import { Migration } from '@mikro-orm/migrations';

/** The library's read models: every published file version, the latest per file, and each customer's last download. */
export class Migration20261124100000_library extends Migration {
  override up(): void {
    this.addSql(`create table rm_library_file_versions (
      resource_id text not null,
      name text not null,
      version integer not null,
      title text not null,
      description text not null,
      storage_key text not null,
      sha256 text not null,
      bytes bigint not null,
      content_type text not null,
      source text not null,
      published_at timestamptz not null,
      primary key (resource_id, name, version)
    )`);
    this.addSql(`create table rm_library_files (
      resource_id text not null,
      name text not null,
      version integer not null,
      title text not null,
      description text not null,
      storage_key text not null,
      sha256 text not null,
      bytes bigint not null,
      content_type text not null,
      source text not null,
      published_at timestamptz not null,
      primary key (resource_id, name)
    )`);
    this.addSql(`create table rm_library_downloads (
      user_id text not null,
      resource_id text not null,
      file_name text not null,
      version integer not null,
      downloads integer not null,
      last_downloaded_at timestamptz not null,
      primary key (user_id, resource_id, file_name)
    )`);
  }

  override down(): void {
    for (const table of ['rm_library_downloads', 'rm_library_files', 'rm_library_file_versions']) this.addSql(`drop table if exists ${table}`);
  }
}
