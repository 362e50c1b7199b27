import { Migration } from '@mikro-orm/migrations';

/** The dashboard's read models, built from purchase, license and subscription events by projectors. */
export class Migration20261123110000_account_read_models extends Migration {
  override up(): void {
    this.addSql(`create table rm_purchases (
      checkout_ref text primary key,
      checkout_session_id text not null,
      user_id text not null,
      resource_id text not null,
      title text not null,
      quantity integer not null,
      amount_cents integer not null,
      currency text not null,
      status text not null check (status in ('paid', 'refunded', 'partially_refunded', 'disputed')),
      refunded_cents integer not null default 0,
      payment_intent_id text,
      subscription_id text,
      completed_at timestamptz not null
    )`);
    this.addSql('create index rm_purchases_user on rm_purchases (user_id, completed_at desc)');
    this.addSql(`create table rm_resource_access (
      user_id text not null,
      resource_id text not null,
      source_ref text not null,
      source text not null,
      granted_at timestamptz not null,
      revoked_at timestamptz,
      revoked_reason text,
      primary key (user_id, resource_id, source_ref)
    )`);
    this.addSql(`create table rm_pending_payments (
      id text primary key,
      user_id text not null,
      resource_id text not null,
      quantity integer not null,
      kind text not null,
      status text not null check (status in ('open', 'processing', 'settled', 'expired')),
      amount_cents integer not null,
      currency text not null,
      pay_url text,
      checkout_session_id text,
      expires_at timestamptz,
      opened_at timestamptz not null,
      closed_at timestamptz,
      close_reason text
    )`);
    this.addSql('create index rm_pending_payments_user on rm_pending_payments (user_id, opened_at desc)');
    this.addSql(`create table rm_licenses (
      license_id text primary key,
      user_id text not null,
      resource_id text not null,
      plan text not null,
      kind text not null,
      status text not null check (status in ('active', 'past_due', 'ended', 'revoked')),
      key_sealed text not null,
      key_hash text not null unique,
      key_hint text not null,
      seats integer not null,
      devices_per_seat integer not null,
      included_credits_per_month integer not null,
      valid_until timestamptz,
      subscription_id text,
      checkout_ref text,
      granted_at timestamptz not null,
      revoked_reason text
    )`);
    this.addSql('create index rm_licenses_user on rm_licenses (user_id, granted_at desc)');
    this.addSql(`create table rm_licensed_users (
      license_id text not null,
      email text not null,
      seat_key_sealed text not null,
      seat_key_hash text not null unique,
      seat_key_hint text not null,
      added_at timestamptz not null,
      primary key (license_id, email)
    )`);
    this.addSql(`create table rm_subscriptions (
      subscription_id text primary key,
      user_id text not null,
      resource_id text not null,
      plan text not null,
      title text not null,
      customer_id text not null,
      license_id text not null,
      quantity integer not null,
      status text not null check (status in ('active', 'past_due', 'cancelled')),
      current_period_end timestamptz not null,
      cancel_at timestamptz,
      renewals integer not null default 0,
      started_at timestamptz not null,
      cancelled_at timestamptz
    )`);
    this.addSql('create index rm_subscriptions_user on rm_subscriptions (user_id, started_at desc)');
    this.addSql(`create table rm_customers (
      user_id text primary key,
      customer_id text not null
    )`);
  }

  override down(): void {
    for (const table of ['rm_customers', 'rm_subscriptions', 'rm_licensed_users', 'rm_licenses', 'rm_pending_payments', 'rm_resource_access', 'rm_purchases']) {
      this.addSql(`drop table if exists ${table}`);
    }
  }
}
