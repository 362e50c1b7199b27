import type { Pool } from 'pg';
import type { EventStore } from '../../../backend/src/events/event-store';
import { StreamVersionConflictError } from '../../../backend/src/events/event-store.errors';
import { CounterIncremented, freshStream, metadata, testPool, testStore } from '../../support/test-events';

let pool: Pool;
let store: EventStore;
beforeAll(() => {
  pool = testPool();
  store = testStore(pool);
});
afterAll(() => pool.end());

const stripeEventId = () => `evt_${freshStream('stripe')}`;
const countIn = async (stream: string) => (await store.readStreamRecords(stream)).length;

describe('an append carrying an external source id (a Stripe event id)', () => {
  it('appends once; the same id again appends nothing and says so, without an error', async () => {
    const stream = freshStream();
    const sourceId = stripeEventId();
    expect(await store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata({ sourceId }))).toMatchObject({ status: 'appended' });
    expect(await store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata({ sourceId }))).toEqual({ status: 'already-recorded', sourceId });
    expect(await countIn(stream)).toBe(1);
  });

  it('is remembered in the database, not in this process: a new store instance still refuses it', async () => {
    const stream = freshStream();
    const sourceId = stripeEventId();
    await store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata({ sourceId }));
    const anotherProcess = testStore(pool);
    expect(await anotherProcess.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata({ sourceId }))).toMatchObject({
      status: 'already-recorded',
    });
    const { rows } = await pool.query('select stream_id from event_sources where source_id = $1', [sourceId]);
    expect(rows).toEqual([{ stream_id: stream }]);
  });

  it('appends nothing for the same id even when it comes with another stream', async () => {
    const sourceId = stripeEventId();
    const [first, second] = [freshStream(), freshStream()];
    await store.append(first, 'any', [CounterIncremented({ by: 1 })], metadata({ sourceId }));
    expect(await store.append(second, 'any', [CounterIncremented({ by: 1 })], metadata({ sourceId }))).toMatchObject({ status: 'already-recorded' });
    expect(await countIn(second)).toBe(0);
  });

  it('appends once when ten deliveries of the same id race', async () => {
    const stream = freshStream();
    const sourceId = stripeEventId();
    const results = await Promise.all(Array.from({ length: 10 }, () => store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata({ sourceId }))));
    expect(results.filter((r) => r.status === 'appended')).toHaveLength(1);
    expect(results.filter((r) => r.status === 'already-recorded')).toHaveLength(9);
    expect(await countIn(stream)).toBe(1);
  });

  it('appends once when deliveries of the same id race to different streams', async () => {
    const sourceId = stripeEventId();
    const streams = Array.from({ length: 8 }, () => freshStream());
    const results = await Promise.all(streams.map((stream) => store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata({ sourceId }))));
    expect(results.filter((r) => r.status === 'appended')).toHaveLength(1);
    const counts = await Promise.all(streams.map(countIn));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
  });

  it('frees the id again when the append fails, so a retry can record it', async () => {
    const stream = freshStream();
    const sourceId = stripeEventId();
    await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
    await expect(store.append(stream, 'no-stream', [CounterIncremented({ by: 5 })], metadata({ sourceId }))).rejects.toBeInstanceOf(StreamVersionConflictError);
    expect(await store.append(stream, 1, [CounterIncremented({ by: 5 })], metadata({ sourceId }))).toMatchObject({ status: 'appended' });
  });
});
