import { accountLog, comesAfter, eventsWithin, foldFirst, SNAPSHOT_EVERY, type LoggedEvent } from './account-log';
import { AccountLogCache } from './account-log-cache';
import { accountView, foldAccount } from './account-moment.fold';

const AT = new Date('2026-11-15T00:00:00.000Z');

describe('an account’s log, folded once', () => {
  const events = packs(SNAPSHOT_EVERY * 2 + 37);
  const log = accountLog(events);

  it.each([0, 1, SNAPSHOT_EVERY - 1, SNAPSHOT_EVERY, SNAPSHOT_EVERY + 1, SNAPSHOT_EVERY * 2 + 36, SNAPSHOT_EVERY * 2 + 37])(
    'gives the fold of the first %i events, as folding them from the start does',
    (count) => {
      expect(accountView(foldFirst(log, count), AT)).toEqual(accountView(foldAccount(events.slice(0, count)), AT));
    },
  );

  it('keeps a fold every few hundred events, so a moment folds few', () => {
    expect(log.snapshots).toHaveLength(3);
    expect(accountView(log.final, AT).credits.packs).toBe(events.length);
  });
});

describe('the events a moment holds', () => {
  const events = packs(6).map((event, n) => ({ ...event, transactionId: String([1, 2, 2, 2, 3, 4][n]) }));

  it('are those up to the cut, and the rest of the last one’s command', () => {
    expect(eventsWithin(events, (e) => e.position <= 2n)).toBe(4);
    expect(eventsWithin(events, (e) => e.position <= 1n)).toBe(1);
    expect(eventsWithin(events, (e) => e.position <= 5n)).toBe(5);
  });

  it('are none before the first', () => {
    expect(eventsWithin(events, () => false)).toBe(0);
  });
});

describe('the logs kept', () => {
  const log = accountLog(packs(10));
  const at = (...versions: [string, number][]) => new Map(versions);

  it('give an account’s log back, nothing grown, while its streams are at the same versions', () => {
    const cache = new AccountLogCache();
    cache.set('u1', at(['credits-u1', 10]), log);
    expect(cache.get('u1', at(['credits-u1', 10]))).toEqual({ log, grown: new Map() });
  });

  it('say which streams have grown since, from the version each was read to', () => {
    const cache = new AccountLogCache();
    cache.set('u1', at(['credits-u1', 10]), log);
    expect(cache.get('u1', at(['credits-u1', 12], ['license-l1', 1]))?.grown).toEqual(at(['credits-u1', 10], ['license-l1', 0]));
  });

  it('give nothing for a stream that went back (a log rebuilt elsewhere)', () => {
    const cache = new AccountLogCache();
    cache.set('u1', at(['credits-u1', 10]), log);
    expect(cache.get('u1', at(['credits-u1', 9]))).toBeUndefined();
  });

  it('let go of the account looked at longest ago when they hold too many events', () => {
    const cache = new AccountLogCache(25);
    cache.set('u1', at(), log);
    cache.set('u2', at(), log);
    expect(cache.get('u1', at())?.log).toBe(log);
    cache.set('u3', at(), log);
    expect(cache.get('u2', at())).toBeUndefined();
    expect(cache.get('u1', at())?.log).toBe(log);
    expect(cache.get('u3', at())?.log).toBe(log);
  });

  it('keep no log bigger than they may hold', () => {
    const cache = new AccountLogCache(5);
    cache.set('u1', at(), log);
    expect(cache.get('u1', at())).toBeUndefined();
  });
});

describe('a kept log and what its streams gained', () => {
  const events = packs(SNAPSHOT_EVERY + 20);
  const kept = accountLog(events.slice(0, SNAPSHOT_EVERY - 5));

  it('fold on to the log read whole, snapshots and all', () => {
    const extended = accountLog(events.slice(SNAPSHOT_EVERY - 5), kept);
    const whole = accountLog(events);
    expect(extended.events).toEqual(whole.events);
    expect(extended.snapshots.map((fold) => accountView(fold, AT))).toEqual(whole.snapshots.map((fold) => accountView(fold, AT)));
    expect(accountView(extended.final, AT)).toEqual(accountView(whole.final, AT));
  });

  it('come after it only if every one is later in the log than its last', () => {
    expect(comesAfter(kept, events.slice(SNAPSHOT_EVERY - 5))).toBe(true);
    expect(comesAfter(kept, [events[3]!])).toBe(false);
    expect(comesAfter(accountLog([]), [events[3]!])).toBe(true);
  });
});

/** `count` credit packs of 1 credit, one event each, at positions 1, 2, …, each its own transaction. */
function packs(count: number): LoggedEvent[] {
  return Array.from({ length: count }, (_, n) => ({
    type: 'AddOnCreditsAdded',
    streamId: 'credits-u1',
    data: { userId: 'u1', packId: `pack-${n}`, resourceId: 'credits-1', title: 'pack', credits: 1, at: '2026-11-01T00:00:00.000Z' },
    position: BigInt(n + 1),
    transactionId: String(n + 1),
    recordedAt: new Date('2026-11-01T00:00:00.000Z'),
  }));
}
