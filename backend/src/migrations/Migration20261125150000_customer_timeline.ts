import { Migration } from '@mikro-orm/migrations';

/**
 * The support console's timeline: an event's chain (the events sharing its correlation id) and
 * the emails an account was sent, each read by index for one page of the timeline.
 */
export class Migration20261125150000_customer_timeline extends Migration {
  override up(): void {
    this.addSql(`create index events_correlation_idx on events ((metadata->>'correlationId'), position)`);
    this.addSql('create index email_deliveries_to_address_idx on email_deliveries (lower(to_address), delivered_at)');
  }

  override down(): void {
    this.addSql('drop index if exists email_deliveries_to_address_idx');
    this.addSql('drop index if exists events_correlation_idx');
  }
}
