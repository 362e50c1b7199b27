import { Migration } from '@mikro-orm/migrations';

/** The catalog the site sells from; rows are upserted from the committed catalog file at start. */
export class Migration20261123010000_catalog extends Migration {
  override up(): void {
    this.addSql(`create table resources (
      id text primary key,
      title text not null,
      slug text not null,
      description text not null,
      stripe_description text,
      metadata jsonb not null default '{}'::jsonb,
      image_url text,
      price_cents integer,
      access_type text not null check (access_type in ('free', 'subscription', 'other')),
      type text not null check (type in ('bundle', 'template', 'license', 'course', 'ebook', 'session', 'api_credits')),
      sort_order integer not null default 0,
      updated_at timestamptz not null default now()
    )`);
    this.addSql('create unique index resources_slug_lower_key on resources (lower(slug))');
    this.addSql('create index resources_type_idx on resources (type, sort_order)');
  }

  override down(): void {
    this.addSql('drop table if exists resources');
  }
}
