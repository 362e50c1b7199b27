import { Migration } from '@mikro-orm/migrations';

/** The outbox keeps an email's attachments (a booking's calendar invite) as the transport got them. */
export class Migration20261123170000_email_attachments extends Migration {
  override up(): void {
    this.addSql(`alter table email_outbox add column attachments jsonb not null default '[]'::jsonb`);
  }

  override down(): void {
    this.addSql('alter table email_outbox drop column if exists attachments');
  }
}
