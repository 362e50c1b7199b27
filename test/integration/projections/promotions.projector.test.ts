import { randomUUID } from 'node:crypto';
import type { PromotionTerms } from '../../../contracts/promotions/promotion-terms';
import { PromotionCreated, PromotionEnded, PromotionRedeemed } from '../../../backend/src/modules/promotions/promotions.events';
import { PromotionsProjector } from '../../../backend/src/modules/promotions/projections/promotions.projector';
import { useProjectorUnderTest } from './support/projector-under-test';

const projection = useProjectorUnderTest(() => new PromotionsProjector(), [PromotionCreated, PromotionEnded, PromotionRedeemed]);

const at = '2026-12-01T10:00:00.000Z';
const terms = (code: string | null): PromotionTerms => ({
  code,
  name: 'Launch',
  discount: { type: 'percent', percentOff: 20 },
  duration: { kind: 'once' },
  productIds: [],
  maxRedemptions: 10,
  oncePerCustomer: false,
  firstPurchaseOnly: false,
  minimumAmountCents: null,
  startsAt: null,
  endsAt: null,
  stacksWithCodes: false,
});

const row = (promotionId: string) =>
  projection.rows(`select promotion_id, code, redeemed, ended_at is not null as ended, terms->>'name' as name from rm_promotions where promotion_id = $1`, [
    promotionId,
  ]);

describe('PromotionsProjector', () => {
  it('lists a promotion with its code, counts its paid redemptions, and marks it ended', async () => {
    const code = `CODE-${randomUUID().slice(0, 8).toUpperCase()}`;
    await projection.given(
      PromotionCreated({ promotionId: code, terms: terms(code), createdAt: at }),
      PromotionRedeemed({ promotionId: code, checkoutRef: 'a', userId: 'u1', at }),
      PromotionRedeemed({ promotionId: code, checkoutRef: 'b', userId: 'u2', at }),
      PromotionEnded({ promotionId: code, endedAt: at }),
    );
    expect(await row(code)).toEqual([{ promotion_id: code, code, redeemed: 2, ended: true, name: 'Launch' }]);
  });

  it('keeps an automatic promotion without a code, and is rebuilt row for row by a replay', async () => {
    const id = `auto-${randomUUID().slice(0, 8)}`;
    await projection.given(
      PromotionCreated({ promotionId: id, terms: terms(null), createdAt: at }),
      PromotionRedeemed({ promotionId: id, checkoutRef: 'a', userId: 'u1', at }),
    );
    const before = await row(id);
    expect(before).toEqual([{ promotion_id: id, code: null, redeemed: 1, ended: false, name: 'Launch' }]);
    await projection.replay();
    expect(await row(id)).toEqual(before);
  });
});
