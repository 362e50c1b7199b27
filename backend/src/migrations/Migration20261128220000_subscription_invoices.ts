import { Migration } from '@mikro-orm/migrations';

/** rm_subscription_invoices: renewals and plan-change charges in the purchases, and the period a pending renewal is for. */
export class Migration20261128220000_subscription_invoices extends Migration {
  override up(): void {
    this.addSql(`create table rm_subscription_invoices (
      invoice_id text primary key,
      subscription_id text not null,
      user_id text not null,
      resource_id text,
      title text not null,
      quantity integer,
      billing_reason text,
      status text not null check (status in ('open', 'paid')),
      amount_cents integer not null,
      currency text not null,
      period_start timestamptz,
      period_end timestamptz,
      invoice_number text,
      failed_at timestamptz,
      paid_at timestamptz
    )`);
    this.addSql('create index rm_subscription_invoices_user on rm_subscription_invoices (user_id, paid_at desc)');
    this.addSql('create index rm_subscription_invoices_subscription on rm_subscription_invoices (subscription_id)');
  }

  override down(): void {
    this.addSql('drop table if exists rm_subscription_invoices');
  }
}
