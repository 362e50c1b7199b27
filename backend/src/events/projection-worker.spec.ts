import { failureBackoffMs, nextHeldBackWaitMs, projectorLockSql } from './projection-worker';

describe('projector leadership lock', () => {
  it('is one session advisory lock per projector name, tried without waiting', () => {
    expect(projectorLockSql('StreamSummaryProjector')).toEqual({
      sql: 'select pg_try_advisory_lock(7301, hashtext($1)) as locked',
      params: ['StreamSummaryProjector'],
    });
  });
});

describe('after a failed batch', () => {
  it('waits 1 s, then twice as long each time, up to 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 50].map(failureBackoffMs)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });
});

describe('while committed events wait behind an older open transaction', () => {
  it('looks again after 10 ms, then twice as long each time, up to the polling interval', () => {
    const waits: number[] = [];
    for (let wait = 0, i = 0; i < 8; i += 1) waits.push((wait = nextHeldBackWaitMs(wait, 500)));
    expect(waits).toEqual([10, 20, 40, 80, 160, 320, 500, 500]);
  });
});
