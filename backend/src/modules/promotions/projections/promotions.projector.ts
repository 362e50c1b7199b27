import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import type { PromotionCreated, PromotionEnded, PromotionRedeemed } from '../promotions.events';
import { promotionTables } from './promotions.entity';

type Event = Recorded<ReturnType<typeof PromotionCreated> | ReturnType<typeof PromotionEnded> | ReturnType<typeof PromotionRedeemed>>;

/** Keeps rm_promotions: the admin list, the plans page's automatic promotions, and a code's lookup. */
export class PromotionsProjector implements Projector<Event> {
  readonly name = 'PromotionsProjector';
  readonly eventTypes: Event['type'][] = ['PromotionCreated', 'PromotionEnded', 'PromotionRedeemed'];
  readonly tables = ['rm_promotions'];

  async apply(event: Event, em: EntityManager): Promise<void> {
    const db = promotionTables(em);
    switch (event.type) {
      case 'PromotionCreated':
        await db
          .insertInto('rm_promotions')
          .values({
            promotion_id: event.data.promotionId,
            code: event.data.terms.code,
            terms: event.data.terms,
            created_at: new Date(event.data.createdAt),
            ended_at: null,
            redeemed: 0,
          })
          .onConflict((c) => c.column('promotion_id').doNothing())
          .execute();
        return;
      case 'PromotionEnded':
        await db
          .updateTable('rm_promotions')
          .set({ ended_at: new Date(event.data.endedAt) })
          .where('promotion_id', '=', event.data.promotionId)
          .execute();
        return;
      case 'PromotionRedeemed':
        await db
          .updateTable('rm_promotions')
          .set((eb) => ({ redeemed: eb('redeemed', '+', 1) }))
          .where('promotion_id', '=', event.data.promotionId)
          .execute();
        return;
    }
  }
}
