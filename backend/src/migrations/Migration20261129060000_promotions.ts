import { Migration } from '@mikro-orm/migrations';

/** Promotions (PromotionsProjector): their terms, whether ended, how many paid checkouts took them. */
export class Migration20261129060000_promotions extends Migration {
  override up(): void {
    this.addSql(`create table rm_promotions (
      promotion_id text primary key,
      code text,
      terms jsonb not null,
      created_at timestamptz not null,
      ended_at timestamptz,
      redeemed integer not null default 0
    )`);
    this.addSql('create unique index rm_promotions_code on rm_promotions (code) where code is not null');
  }

  override down(): void {
    this.addSql('drop table if exists rm_promotions');
  }
}
