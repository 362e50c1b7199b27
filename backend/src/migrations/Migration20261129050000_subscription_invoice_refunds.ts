import { Migration } from '@mikro-orm/migrations';

/** rm_subscription_invoices: what has been refunded of each paid invoice's charge, and whether all of it (the billing history's status). */
export class Migration20261129050000_subscription_invoice_refunds extends Migration {
  override up(): void {
    this.addSql(`alter table rm_subscription_invoices
      add column refunded_cents integer not null default 0,
      add column refunded boolean not null default false`);
  }

  override down(): void {
    this.addSql(`alter table rm_subscription_invoices
      drop column if exists refunded,
      drop column if exists refunded_cents`);
  }
}
