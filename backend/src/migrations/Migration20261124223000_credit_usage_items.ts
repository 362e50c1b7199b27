import { Migration } from '@mikro-orm/migrations';

/**
 * Usage entries carry what the plugin's usage list reads: the balances before each debit and what
 * the AI service measured. Rows projected before have neither, so the credit read models are
 * emptied and CreditsProjector, its checkpoint gone, builds them again from the log.
 */
export class Migration20261124223000_credit_usage_items extends Migration {
  override up(): void {
    this.addSql(
      'alter table rm_credit_usage add column included_before bigint not null default 0, add column add_on_before bigint not null default 0, add column measures jsonb',
    );
    this.addSql('truncate rm_credit_usage, rm_credit_cycles, rm_credit_packs');
    this.addSql("delete from projector_checkpoints where name = 'CreditsProjector'");
    this.addSql('create index rm_credit_usage_user_endpoint on rm_credit_usage (user_id, endpoint, created_at desc, entry_id desc)');
  }

  override down(): void {
    this.addSql('drop index if exists rm_credit_usage_user_endpoint');
    this.addSql('alter table rm_credit_usage drop column included_before, drop column add_on_before, drop column measures');
  }
}
