import { Migration } from '@mikro-orm/migrations';

/**
 * stripe_webhook_events: every verified Stripe event as it arrived, keyed by its Stripe id (a
 * redelivery is a no-op), with how handling went. Redis may lose its queue; this table may not.
 */
export class Migration20261123080000_stripe_webhook_events extends Migration {
  override up(): void {
    this.addSql(`create table stripe_webhook_events (
      stripe_event_id text primary key,
      type text not null,
      payload jsonb not null,
      received_at timestamptz not null default now(),
      deliveries integer not null default 1,
      attempts integer not null default 0,
      outcome text,
      last_error text,
      handled_at timestamptz
    )`);
    this.addSql('create index stripe_webhook_events_unhandled_idx on stripe_webhook_events (received_at) where handled_at is null');
  }

  override down(): void {
    this.addSql('drop table if exists stripe_webhook_events');
  }
}
