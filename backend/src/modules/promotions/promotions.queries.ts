import type { MikroORM } from '@mikro-orm/postgresql';
import type { PromotionRow } from '../../../../contracts/admin/promotions.contract';
import type { PromotionTerms } from '../../../../contracts/promotions/promotion-terms';
import type { RunningSale } from '../../../../contracts/promotions/running-sales.contract';
import { promotionTables } from './projections/promotions.entity';

/** Where a promotion stands at `now`. */
export function promotionStatus(row: { terms: PromotionTerms; endedAt: Date | null; redeemed: number }, now: Date): PromotionRow['status'] {
  if (row.endedAt) return 'ended';
  if (row.terms.endsAt && Date.parse(row.terms.endsAt) <= now.getTime()) return 'expired';
  if (row.terms.startsAt && Date.parse(row.terms.startsAt) > now.getTime()) return 'scheduled';
  if (row.terms.maxRedemptions !== null && row.redeemed >= row.terms.maxRedemptions) return 'used_up';
  return 'active';
}

export class PromotionsQueries {
  constructor(private readonly orm: MikroORM) {}

  async list(now: Date): Promise<PromotionRow[]> {
    const rows = await promotionTables(this.orm.em).selectFrom('rm_promotions').selectAll().orderBy('created_at', 'desc').execute();
    return rows.map((row) => ({
      promotionId: row.promotion_id,
      terms: row.terms,
      status: promotionStatus({ terms: row.terms, endedAt: row.ended_at, redeemed: row.redeemed }, now),
      redeemed: row.redeemed,
      createdAt: row.created_at.toISOString(),
      endedAt: row.ended_at?.toISOString() ?? null,
    }));
  }

  /** The automatic promotions (sales) the owner has not ended and whose window holds `now`. */
  async runningSales(now: Date): Promise<RunningSale[]> {
    const rows = await promotionTables(this.orm.em)
      .selectFrom('rm_promotions')
      .select(['promotion_id', 'terms', 'ended_at', 'redeemed'])
      .where('code', 'is', null)
      .where('ended_at', 'is', null)
      .orderBy('created_at')
      .execute();
    return rows
      .filter((row) => promotionStatus({ terms: row.terms, endedAt: row.ended_at, redeemed: row.redeemed }, now) === 'active')
      .map(({ promotion_id, terms }) => ({
        promotionId: promotion_id,
        name: terms.name,
        discount: terms.discount,
        duration: terms.duration,
        productIds: terms.productIds,
        endsAt: terms.endsAt,
      }));
  }
}
