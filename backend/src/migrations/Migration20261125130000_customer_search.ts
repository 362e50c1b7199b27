import { Migration } from '@mikro-orm/migrations';

/**
 * Finding a customer in /admin: the directory of accounts (CustomerDirectoryProjector) with
 * indexes for an email prefix and a name fragment, and indexes on the Stripe and payment ids
 * support pastes. Without pg_trgm (a managed Postgres may not offer it) names fall back to a
 * prefix index; the search stays correct, only a mid-word fragment costs a scan.
 */
export class Migration20261125130000_customer_search extends Migration {
  override up(): void {
    this.addSql(`create table rm_customer_directory (
      user_id text primary key,
      email text,
      name text,
      updated_at timestamptz not null
    )`);
    this.addSql('create index rm_customer_directory_email on rm_customer_directory (lower(email) text_pattern_ops)');
    this.addSql('create index rm_customer_directory_name on rm_customer_directory (lower(name) text_pattern_ops)');
    this.addSql(`do $$
    begin
      if exists (select 1 from pg_available_extensions where name = 'pg_trgm') then
        create extension if not exists pg_trgm;
        create index rm_customer_directory_name_trgm on rm_customer_directory using gin (lower(name) gin_trgm_ops);
      end if;
    end $$`);
    this.addSql('create index rm_customers_customer on rm_customers (customer_id)');
    this.addSql('create index rm_licensed_users_email on rm_licensed_users (lower(email) text_pattern_ops)');
    this.addSql('create index rm_purchases_session on rm_purchases (checkout_session_id)');
    this.addSql('create index rm_purchases_payment_intent on rm_purchases (payment_intent_id)');
    this.addSql('create index rm_pending_payments_session on rm_pending_payments (checkout_session_id)');
    this.addSql('create index rm_session_bookings_payment_intent on rm_session_bookings (payment_intent_id)');
  }

  override down(): void {
    for (const index of [
      'rm_session_bookings_payment_intent',
      'rm_pending_payments_session',
      'rm_purchases_payment_intent',
      'rm_purchases_session',
      'rm_customers_customer',
      'rm_licensed_users_email',
    ]) {
      this.addSql(`drop index if exists ${index}`);
    }
    this.addSql('drop table if exists rm_customer_directory');
  }
}
