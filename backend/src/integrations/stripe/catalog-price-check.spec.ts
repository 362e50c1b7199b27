import { catalogPriceMismatch } from './catalog-price-check';

const price = { id: 'price_1', unitAmount: 19_900, currency: 'usd', recurring: false };
const session = { resourceId: 'lifetime-license', quantity: 5, amountCents: 99_500, currency: 'usd', mode: 'payment' as const };

describe('catalogPriceMismatch', () => {
  it('accepts the catalog price times the quantity, in its currency and mode', () => {
    expect(catalogPriceMismatch(session, price)).toBeNull();
  });

  it('names the amount that is not the price times the quantity', () => {
    expect(catalogPriceMismatch({ ...session, amountCents: 0 }, price)).toBe('amount 0 ≠ 19900 × 5');
    expect(catalogPriceMismatch({ ...session, quantity: 1 }, price)).toBe('amount 99500 ≠ 19900 × 1');
  });

  it('refuses another currency, another mode, and a resource without a price', () => {
    expect(catalogPriceMismatch({ ...session, currency: 'eur' }, price)).toBe('currency eur ≠ usd');
    expect(catalogPriceMismatch({ ...session, mode: 'subscription' }, price)).toBe('mode subscription, but the price of lifetime-license is one-time');
    expect(catalogPriceMismatch(session, null)).toBe('lifetime-license has no active price in the catalog');
    expect(catalogPriceMismatch(session, { ...price, unitAmount: null })).toBe('lifetime-license has no active price in the catalog');
  });
});
