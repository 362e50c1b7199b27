import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import type { PromotionTerms } from '../../../../../contracts/promotions/promotion-terms';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** One row per promotion: its terms, whether the owner ended it, and how many paid checkouts took it. */
export const Promotion = defineEntity({
  name: 'Promotion',
  tableName: 'rm_promotions',
  properties: {
    promotionId: p.text().primary(),
    /** Upper case; null for an automatic promotion. */
    code: p.text().nullable(),
    terms: p.json<PromotionTerms>(),
    createdAt: p.datetime(),
    endedAt: p.datetime().nullable(),
    redeemed: p.integer().default(0),
  },
  indexes: [{ name: 'rm_promotions_code', expression: 'create unique index rm_promotions_code on rm_promotions (code) where code is not null' }],
});

export type PromotionTables = ReadModelTables<typeof Promotion>;

export const promotionTables = (em: EntityManager) => em.getKysely<PromotionTables, typeof readModelKysely>(readModelKysely);
