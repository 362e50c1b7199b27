import { compareCheckpoints, laterOf, LOG_START } from './recorded-event';

describe('log checkpoints', () => {
  it('order by transaction id first, then position', () => {
    // A transaction with the older id can hold the higher position: it inserted later.
    const olderTransaction = { transactionId: 100n, position: 7n };
    const newerTransaction = { transactionId: 101n, position: 5n };
    expect(compareCheckpoints(olderTransaction, newerTransaction)).toBeLessThan(0);
    expect(compareCheckpoints(newerTransaction, olderTransaction)).toBeGreaterThan(0);
    expect(compareCheckpoints({ transactionId: 100n, position: 6n }, olderTransaction)).toBeLessThan(0);
    expect(compareCheckpoints(olderTransaction, { ...olderTransaction })).toBe(0);
  });

  it('start before every event', () => {
    expect(compareCheckpoints(LOG_START, { transactionId: 1n, position: 1n })).toBeLessThan(0);
  });

  it('pick the later of two', () => {
    const a = { transactionId: 100n, position: 7n };
    const b = { transactionId: 101n, position: 5n };
    expect(laterOf(a, b)).toBe(b);
    expect(laterOf(b, a)).toBe(b);
  });
});
