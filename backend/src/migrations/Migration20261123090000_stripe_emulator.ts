import { Migration } from '@mikro-orm/migrations';

/**
 * The local Stripe emulator's state (used only when no Stripe secret key is configured): its
 * objects as Stripe shapes them, and the answers it gave per Idempotency-Key.
 */
export class Migration20261123090000_stripe_emulator extends Migration {
  override up(): void {
    this.addSql(`create table stripe_emulator_objects (
      id text primary key,
      object text not null,
      data jsonb not null,
      created_at timestamptz not null default now()
    )`);
    this.addSql('create index stripe_emulator_objects_object_idx on stripe_emulator_objects (object, created_at)');
    this.addSql(`create table stripe_emulator_idempotency (
      idempotency_key text primary key,
      request text not null,
      status integer not null,
      body jsonb not null,
      created_at timestamptz not null default now()
    )`);
  }

  override down(): void {
    this.addSql('drop table if exists stripe_emulator_idempotency');
    this.addSql('drop table if exists stripe_emulator_objects');
  }
}
