import { Migration } from '@mikro-orm/migrations';

/** rm_purchases: what each purchase charged before and as tax, by rate (null for purchases recorded before tax was collected). */
export class Migration20261129030000_purchase_tax extends Migration {
  override up(): void {
    this.addSql(`alter table rm_purchases
      add column subtotal_cents integer,
      add column tax_cents integer,
      add column reverse_charge boolean,
      add column tax_lines jsonb`);
  }

  override down(): void {
    this.addSql(`alter table rm_purchases
      drop column if exists tax_lines,
      drop column if exists reverse_charge,
      drop column if exists tax_cents,
      drop column if exists subtotal_cents`);
  }
}
