import type { Pool } from 'pg';
import { runCommand, StreamStateCache } from '../../../backend/src/events/command-runner';
import type { Decider } from '../../../backend/src/events/decider';
import type { EventStore } from '../../../backend/src/events/event-store';
import { CounterIncremented, freshStream, metadata, testPool, testStore } from '../../support/test-events';

let pool: Pool;
let store: EventStore;
beforeAll(() => {
  pool = testPool(10);
  store = testStore(pool);
});
afterAll(() => pool.end());

type Counted = ReturnType<typeof CounterIncremented>;
/** Adds `by` unless the total would pass `max`: a decision that needs the whole history right. */
const counter: Decider<{ by: number; max: number }, Counted, { total: number; folded: number }> = {
  events: [CounterIncremented],
  initialState: () => ({ total: 0, folded: 0 }),
  evolve: (state, event) => ({ total: state.total + event.data.by, folded: state.folded + 1 }),
  decide: (command, state) => (state.total + command.by > command.max ? [] : [CounterIncremented({ by: command.by })]),
};

describe('runCommand with a stream state cache', () => {
  it('reads on from the cached version, and still sees what another writer appended meanwhile', async () => {
    const stream = freshStream('cached');
    const cache = new StreamStateCache<{ total: number; folded: number }>();
    for (let i = 0; i < 5; i += 1) await runCommand({ store, streamId: stream, decider: counter, command: { by: 1, max: 100 }, metadata: metadata(), cache });
    expect(cache.get(stream)).toMatchObject({ version: 5, state: { total: 5 } });

    // Another process (no cache) appends twice; the cached writer must fold those in, and only those.
    for (let i = 0; i < 2; i += 1) await runCommand({ store, streamId: stream, decider: counter, command: { by: 10, max: 100 }, metadata: metadata() });
    const outcome = await runCommand({ store, streamId: stream, decider: counter, command: { by: 1, max: 100 }, metadata: metadata(), cache });
    expect(outcome.state.total).toBe(26);
    // 5 folded before, 2 read on, 1 just appended: never the whole stream again.
    expect(outcome.state.folded).toBe(8);
    expect(cache.get(stream)).toMatchObject({ version: 8 });

    // A decision near the limit uses the true total, so a stale cache cannot overspend.
    await runCommand({ store, streamId: freshStream('other'), decider: counter, command: { by: 1, max: 1 }, metadata: metadata(), cache });
    await store.append(stream, 'any', [CounterIncremented({ by: 70 })], metadata());
    const refused = await runCommand({ store, streamId: stream, decider: counter, command: { by: 5, max: 100 }, metadata: metadata(), cache });
    expect(refused).toMatchObject({ status: 'unchanged', state: { total: 96 } });
  });
});
