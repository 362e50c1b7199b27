import { Migration } from '@mikro-orm/migrations';

/** admin_sessions becomes admin_sign_ins: "session" names only a booked call. Rows, and so every signed-in admin, are kept. */
export class Migration20261129010000_admin_sign_ins extends Migration {
  override up(): void {
    this.addSql('alter table admin_sessions rename to admin_sign_ins');
    this.addSql('alter table admin_sign_ins rename constraint admin_sessions_pkey to admin_sign_ins_pkey');
    this.addSql('alter index admin_sessions_expires_at rename to admin_sign_ins_expires_at');
  }

  override down(): void {
    this.addSql('alter index admin_sign_ins_expires_at rename to admin_sessions_expires_at');
    this.addSql('alter table admin_sign_ins rename constraint admin_sign_ins_pkey to admin_sessions_pkey');
    this.addSql('alter table admin_sign_ins rename to admin_sessions');
  }
}
