import type { Pool } from 'pg';
import type { EventStore } from '../../../backend/src/events/event-store';
import { StreamVersionConflictError } from '../../../backend/src/events/event-store.errors';
import { CounterIncremented, freshStream, metadata, testPool, testStore } from '../../support/test-events';

let pool: Pool;
let store: EventStore;
beforeAll(() => {
  pool = testPool(25);
  store = testStore(pool);
});
afterAll(() => pool.end());

const versionsOf = async (stream: string) =>
  (await pool.query<{ stream_version: number }>('select stream_version from events where stream_id = $1 order by stream_version', [stream])).rows.map(
    (r) => r.stream_version,
  );

describe('20 writers racing on one stream at the same expected version', () => {
  it('lets exactly one win each version; the other 19 get the conflict; no version is ever duplicated', async () => {
    const stream = freshStream('race');
    for (let version = 0; version < 5; version += 1) {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => store.append(stream, version === 0 ? 'no-stream' : version, [CounterIncremented({ by: 1 })], metadata())),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(losers).toHaveLength(19);
      for (const loser of losers) expect(loser.reason).toBeInstanceOf(StreamVersionConflictError);
      // Each loser learns the version it lost to.
      for (const loser of losers) expect(loser.reason).toMatchObject({ actual: version + 1 });
    }
    expect(await versionsOf(stream)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe("20 writers appending to one stream with 'any'", () => {
  it('all succeed, one after another, with versions 1 to 20', async () => {
    const stream = freshStream('any');
    const results = await Promise.all(Array.from({ length: 20 }, () => store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata())));
    expect(results.every((r) => r.status === 'appended')).toBe(true);
    expect(await versionsOf(stream)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });
});
