import { saleOffer, saleProducts } from './sale-words';

describe('how the plans page words a sale', () => {
  it('says what it takes off and for how long', () => {
    expect(saleOffer({ discount: { type: 'percent', percentOff: 20 }, duration: { kind: 'repeating', months: 3 } })).toBe('20% off your first 3 months');
    expect(saleOffer({ discount: { type: 'percent', percentOff: 20 }, duration: { kind: 'repeating', months: 1 } })).toBe('20% off your first month');
    expect(saleOffer({ discount: { type: 'amount', amountOffCents: 500, currency: 'usd' }, duration: { kind: 'once' } })).toBe('$5.00 off your first payment');
    expect(saleOffer({ discount: { type: 'percent', percentOff: 10 }, duration: { kind: 'forever' } })).toBe('10% off');
  });

  it('names the products it is for by title, or everything', () => {
    const titles = new Map([
      ['pro-monthly', 'Pro'],
      ['starter-monthly', 'Starter'],
      ['lifetime-license', 'Lifetime license'],
    ]);
    expect(saleProducts({ productIds: [] }, titles)).toBe('everything');
    expect(saleProducts({ productIds: ['pro-monthly'] }, titles)).toBe('Pro');
    expect(saleProducts({ productIds: ['pro-monthly', 'starter-monthly', 'lifetime-license'] }, titles)).toBe('Pro, Starter and Lifetime license');
  });
});
