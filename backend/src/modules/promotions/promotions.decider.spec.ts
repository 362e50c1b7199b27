import { deciderSpec } from '../../../../test/support/decider-spec';
import { discountOff, type PromotionTerms } from '../../../../contracts/promotions/promotion-terms';
import { promotionDecider, type PromotionCommand, type PromotionRequest } from './promotions.decider';
import { PromotionRefusedError } from './promotions.errors';
import { PromotionCreated, PromotionEnded, PromotionHeld, PromotionRedeemed } from './promotions.events';

const spec = deciderSpec(promotionDecider);
const AT = '2026-12-01T10:00:00.000Z';
const LATER = '2026-12-01T11:00:00.000Z';
const HOLD_UNTIL = '2026-12-02T10:00:00.000Z';

const TERMS: PromotionTerms = {
  code: 'LAUNCH20',
  name: 'Launch',
  discount: { type: 'percent', percentOff: 20 },
  duration: { kind: 'once' },
  productIds: [],
  maxRedemptions: null,
  oncePerCustomer: false,
  firstPurchaseOnly: false,
  minimumAmountCents: null,
  startsAt: null,
  endsAt: null,
  stacksWithCodes: false,
};
const created = (terms: Partial<PromotionTerms> = {}) => PromotionCreated({ promotionId: 'LAUNCH20', terms: { ...TERMS, ...terms }, createdAt: AT });
const request = (checkoutRef: string, changes: Partial<PromotionRequest> = {}): PromotionRequest => ({
  checkoutRef,
  userId: `user-${checkoutRef}`,
  productId: 'lifetime-license',
  amountCents: 19_900,
  currency: 'usd',
  hasPaidBefore: false,
  at: AT,
  ...changes,
});
const hold = (checkoutRef: string, changes: Partial<PromotionRequest> = {}): PromotionCommand => ({
  type: 'HoldPromotion',
  request: request(checkoutRef, changes),
  discountCents: 3_980,
  holdUntil: HOLD_UNTIL,
});
const held = (checkoutRef: string, userId = `user-${checkoutRef}`, productId: string | null = 'lifetime-license') =>
  PromotionHeld({ promotionId: 'LAUNCH20', checkoutRef, userId, productId, discountCents: 3_980, holdUntil: HOLD_UNTIL, at: AT });
const redeemed = (checkoutRef: string, userId = `user-${checkoutRef}`) => PromotionRedeemed({ promotionId: 'LAUNCH20', checkoutRef, userId, at: AT });

describe('a promotion', () => {
  it('is created once: a code is never reused', () => {
    spec.given([created()]).when({ type: 'CreatePromotion', promotionId: 'LAUNCH20', terms: TERMS, at: AT }).thenThrows(Error, 'promotion.exists');
  });

  it('a checkout holds it once, however often it asks', () => {
    spec
      .given([created()])
      .when(hold('a'), hold('a'))
      .then([held('a')]);
  });

  it.each([
    ['unknown', [], {}],
    ['ended', [created(), PromotionEnded({ promotionId: 'LAUNCH20', endedAt: AT })], {}],
    ['not_started', [created({ startsAt: LATER })], {}],
    ['expired', [created({ endsAt: AT })], {}],
    ['not_for_product', [created({ productIds: ['pro-monthly'] })], {}],
    ['not_for_product', [created({ discount: { type: 'amount', amountOffCents: 500, currency: 'eur' } })], {}],
    ['first_purchase_only', [created({ firstPurchaseOnly: true })], { hasPaidBefore: true }],
    ['already_used', [created({ oncePerCustomer: true }), redeemed('earlier', 'user-a')], {}],
    ['already_used', [created({ oncePerCustomer: true }), held('other', 'user-a', 'pro-monthly')], {}],
    ['already_used', [created({ oncePerCustomer: true }), held('before-products-were-named', 'user-a', null)], {}],
    ['below_minimum', [created({ minimumAmountCents: 20_000 })], {}],
    ['used_up', [created({ maxRedemptions: 2 }), redeemed('x'), held('y')], {}],
  ] as const)('refuses with the reason %s', (reason, history, changes) => {
    spec
      .given([...history])
      .when(hold('a', changes))
      .thenThrows(PromotionRefusedError, { reason });
  });

  it("a buyer's own open checkout of the same purchase never refuses them: starting again moves the hold", () => {
    spec
      .given([created({ oncePerCustomer: true, maxRedemptions: 1 }), held('first', 'user-a')])
      .when(hold('again', { userId: 'user-a' }))
      .then((events) =>
        expect(events.map((e) => [e.type, (e.data as { checkoutRef: string }).checkoutRef])).toEqual([
          ['PromotionReleased', 'first'],
          ['PromotionHeld', 'again'],
        ]),
      );
    // Another buyer is still refused while it is held.
    spec
      .given([created({ maxRedemptions: 1 }), held('first', 'user-a')])
      .when(hold('b'))
      .thenThrows(PromotionRefusedError, { reason: 'used_up' });
  });

  it('counts lapsed and released holds as free again: the limit holds for what is paid or still open', () => {
    spec
      .given([created({ maxRedemptions: 2 }), redeemed('x'), PromotionHeld({ ...held('y').data, holdUntil: AT })])
      .when(hold('a', { at: LATER }))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['PromotionHeld']));
    spec
      .given([created({ maxRedemptions: 1 }), held('y')])
      .when({ type: 'ReleasePromotion', checkoutRef: 'y', at: AT }, hold('a'))
      .then((events) => expect(events.map((e) => e.type)).toEqual(['PromotionReleased', 'PromotionHeld']));
  });

  it('ten of thirty checkouts get a code limited to ten, one after another on its stream', () => {
    const holds = Array.from({ length: 30 }, (_, i) => hold(`c${i}`));
    let taken = 0;
    let refused = 0;
    let history = [created({ maxRedemptions: 10 })];
    for (const command of holds) {
      try {
        const events = promotionDecider.decide(command, history.reduce(promotionDecider.evolve, promotionDecider.initialState()));
        history = [...history, ...(events as typeof history)];
        taken += events.length;
      } catch (error) {
        expect(error).toBeInstanceOf(PromotionRefusedError);
        refused += 1;
      }
    }
    expect([taken, refused]).toEqual([10, 20]);
  });

  it('a paid checkout redeems it even after its hold lapsed, once', () => {
    spec
      .given([created({ maxRedemptions: 1 })])
      .when(
        { type: 'RedeemPromotion', checkoutRef: 'a', userId: 'user-a', at: LATER },
        { type: 'RedeemPromotion', checkoutRef: 'a', userId: 'user-a', at: LATER },
      )
      .then((events) => expect(events.map((e) => e.type)).toEqual(['PromotionRedeemed']));
  });

  it('takes a percentage rounded half up, or an amount, never more than the price', () => {
    expect(discountOff({ type: 'percent', percentOff: 20 }, 19_900)).toBe(3_980);
    expect(discountOff({ type: 'percent', percentOff: 15 }, 999)).toBe(150);
    expect(discountOff({ type: 'amount', amountOffCents: 5_000, currency: 'usd' }, 900)).toBe(900);
  });
});
