import { Migration } from '@mikro-orm/migrations';

/** The audited admin operations (AdminOperationsProjector), listed in /admin/audit beside the support actions. */
export class Migration20261128200000_admin_operations extends Migration {
  override up(): void {
    this.addSql(`create table rm_admin_operations (
      operation_id text primary key,
      position bigint not null,
      operation text not null,
      target text not null,
      actor_id text not null,
      actor_role text not null,
      reason text,
      status text not null,
      outcome text not null,
      code text,
      recorded_at timestamptz not null
    )`);
    this.addSql('create index rm_admin_operations_position on rm_admin_operations (position desc)');
    this.addSql('create index rm_admin_operations_actor on rm_admin_operations (actor_id, position desc)');
  }

  override down(): void {
    this.addSql('drop table if exists rm_admin_operations');
  }
}
