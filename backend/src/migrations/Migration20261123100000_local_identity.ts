import { Migration } from '@mikro-orm/migrations';

/**
 * The local identity emulator's own records (the embedded stand-in for Clerk): its users, the
 * sign-in and sign-up attempts in progress, and sessions. Clerk keeps these on its side; nothing
 * here is a fact of our business, which the event log holds.
 */
export class Migration20261123100000_local_identity extends Migration {
  override up(): void {
    this.addSql(`create table local_identity_users (
      id text primary key,
      email text not null unique,
      first_name text,
      last_name text,
      created_at timestamptz not null default now()
    )`);
    this.addSql(`create table local_identity_attempts (
      id text primary key,
      kind text not null check (kind in ('sign_in', 'sign_up')),
      state jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`);
    this.addSql(`create table local_identity_sessions (
      id text primary key,
      user_id text not null references local_identity_users (id),
      client_secret_hash text not null,
      status text not null check (status in ('active', 'ended', 'expired')),
      created_at timestamptz not null default now(),
      last_active_at timestamptz not null default now(),
      ended_at timestamptz
    )`);
    this.addSql('create index local_identity_sessions_user on local_identity_sessions (user_id)');
  }

  override down(): void {
    this.addSql('drop table if exists local_identity_sessions');
    this.addSql('drop table if exists local_identity_attempts');
    this.addSql('drop table if exists local_identity_users');
  }
}
