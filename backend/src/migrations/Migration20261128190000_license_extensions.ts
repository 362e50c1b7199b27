import { Migration } from '@mikro-orm/migrations';

/**
 * A license's subscription term and support's extension, kept apart (status and valid_until are
 * what the two give together), so that a subscription event cannot undo an extension. Until now
 * the term was the standing: it is copied from it (a revoked license's term is taken as active).
 */
export class Migration20261128190000_license_extensions extends Migration {
  override up(): void {
    this.addSql(`alter table rm_licenses
      add column term_status text not null default 'active' check (term_status in ('active', 'past_due', 'ended')),
      add column term_valid_until timestamptz,
      add column extended_until timestamptz`);
    this.addSql(`update rm_licenses set term_status = case when status = 'revoked' then 'active' else status end, term_valid_until = valid_until`);
  }

  override down(): void {
    this.addSql('alter table rm_licenses drop column extended_until, drop column term_valid_until, drop column term_status');
  }
}
