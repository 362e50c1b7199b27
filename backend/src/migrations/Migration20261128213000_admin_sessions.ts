import { Migration } from '@mikro-orm/migrations';

/**
 * admin_sessions: browsers signed in with ADMIN_TOKEN. Only a hash of each session's random id is
 * kept, so a copy of this table signs nobody in, with the token's fingerprint, so a new
 * ADMIN_TOKEN ends the old sessions. A session ends at sign-out or at its expiry, both decided
 * here, so every api process refuses an ended one at once.
 */
export class Migration20261128213000_admin_sessions extends Migration {
  override up(): void {
    this.addSql(`create table admin_sessions (
      id_hash text primary key,
      token_fingerprint text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ended_at timestamptz
    )`);
    this.addSql('create index admin_sessions_expires_at on admin_sessions (expires_at)');
  }

  override down(): void {
    this.addSql('drop table if exists admin_sessions');
  }
}
