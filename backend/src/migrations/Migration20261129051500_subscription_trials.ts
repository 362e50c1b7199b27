import { Migration } from '@mikro-orm/migrations';

/** rm_subscriptions: when a subscription's free trial ends (null without one, or once it was refused). */
export class Migration20261129051500_subscription_trials extends Migration {
  override up(): void {
    this.addSql(`alter table rm_subscriptions
      add column trial_ends_at timestamptz null,
      add column trial_amount_cents integer null,
      add column trial_currency text null`);
  }

  override down(): void {
    this.addSql(`alter table rm_subscriptions
      drop column if exists trial_currency,
      drop column if exists trial_amount_cents,
      drop column if exists trial_ends_at`);
  }
}
