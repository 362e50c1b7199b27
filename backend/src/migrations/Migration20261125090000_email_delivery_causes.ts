import { Migration } from '@mikro-orm/migrations';

/**
 * Each email's cause, as events carry theirs (see events/metadata-for.ts): causation_id the event
 * that sent it (`event:<position>`), correlation_id its chain (a request, a Stripe event). Null
 * for mail no event sent (a sign-in code) and for rows delivered before this.
 */
export class Migration20261125090000_email_delivery_causes extends Migration {
  override up(): void {
    this.addSql('alter table email_deliveries add column causation_id text, add column correlation_id text');
    this.addSql('create index email_deliveries_causation_idx on email_deliveries (causation_id) where causation_id is not null');
    this.addSql('create index email_deliveries_correlation_idx on email_deliveries (correlation_id) where correlation_id is not null');
  }

  override down(): void {
    this.addSql('drop index if exists email_deliveries_correlation_idx');
    this.addSql('drop index if exists email_deliveries_causation_idx');
    this.addSql('alter table email_deliveries drop column if exists correlation_id, drop column if exists causation_id');
  }
}
