import { intervalChangeLines, prorationLines } from './emulator-proration';

const price = (unit: number) => ({ id: `price_${unit}`, unit_amount: unit, currency: 'usd', product: 'prod_x' });

describe("Stripe's proration of a plan change", () => {
  it('credits the unused time of the old price and charges the remaining time of the new, to the cent', () => {
    const lines = prorationLines({
      period: { start: 0, end: 30 * 86_400 },
      at: 10 * 86_400,
      from: { price: price(900), quantity: 1, name: 'Starter' },
      to: { price: price(1900), quantity: 1, name: 'Pro' },
    });
    expect(lines.map((l) => l.amount)).toEqual([-600, 1267]);
    expect(lines[0]!.description).toBe('Unused time on Starter after 11 Jan 1970');
    expect(lines[1]!.description).toBe('Remaining time on Pro after 11 Jan 1970');
  });

  it('counts seats: two seats of the old price are credited twice', () => {
    const lines = prorationLines({
      period: { start: 0, end: 100 },
      at: 50,
      from: { price: price(900), quantity: 2, name: 'Starter' },
      to: { price: price(900), quantity: 3, name: 'Starter' },
    });
    expect(lines.map((l) => l.amount)).toEqual([-900, 1350]);
    expect(lines[1]!.description).toContain('3 × Starter');
  });
});

describe("Stripe's change to a price of another interval", () => {
  it('credits the unused time of the old price and charges the new one in full for a new period from the change', () => {
    const yearly = { ...price(19_000), recurring: { interval: 'year', interval_count: 1 } };
    const lines = intervalChangeLines({
      period: { start: 0, end: 30 * 86_400 },
      at: 10 * 86_400,
      newPeriodEnd: 375 * 86_400,
      from: { price: price(1900), quantity: 1, name: 'Pro' },
      to: { price: yearly, quantity: 1, name: 'Pro annual' },
    });
    expect(lines.map((l) => [l.amount, l.proration ?? true])).toEqual([
      [-1267, true],
      [19_000, false],
    ]);
    expect(lines[1]).toMatchObject({ description: '1 × Pro annual (at $190.00 / year)', period: { start: 10 * 86_400, end: 375 * 86_400 } });
  });
});
