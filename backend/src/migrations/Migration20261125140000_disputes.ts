import { Migration } from '@mikro-orm/migrations';

/** Disputes and the evidence assembled for them (DisputesProjector). */
export class Migration20261125140000_disputes extends Migration {
  override up(): void {
    this.addSql(`create table rm_disputes (
      dispute_id text primary key,
      charge_id text not null,
      checkout_ref text,
      user_id text,
      amount_cents integer not null,
      currency text not null,
      reason text not null,
      status text not null check (status in ('needs_response', 'submitted')),
      due_by timestamptz,
      opened_at timestamptz not null,
      facts jsonb,
      evidence jsonb,
      submitted_at timestamptz
    )`);
    this.addSql('create index rm_disputes_opened on rm_disputes (opened_at desc)');
  }

  override down(): void {
    this.addSql('drop table if exists rm_disputes');
  }
}
