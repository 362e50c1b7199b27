import { Migration } from '@mikro-orm/migrations';

/** The audit log of support actions (SupportAuditProjector): newest first, by customer and by actor. */
export class Migration20261126100000_support_audit extends Migration {
  override up(): void {
    this.addSql(`create table rm_support_audit (
      action_id text primary key,
      position bigint not null,
      kind text not null,
      user_id text not null,
      actor_id text not null,
      actor_role text not null,
      reason text not null,
      details jsonb not null,
      status text not null,
      outcome text,
      recorded_at timestamptz not null,
      settled_at timestamptz
    )`);
    this.addSql('create index rm_support_audit_position on rm_support_audit (position desc)');
    this.addSql('create index rm_support_audit_user on rm_support_audit (user_id)');
    this.addSql('create index rm_support_audit_actor on rm_support_audit (actor_id, position desc)');
  }

  override down(): void {
    this.addSql('drop table if exists rm_support_audit');
  }
}
