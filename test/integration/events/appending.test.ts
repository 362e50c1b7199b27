import type { Pool } from 'pg';
import { EventSchemaError, UnknownEventTypeError } from '../../../backend/src/events/event-registry';
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

describe('appending to a stream', () => {
  it('appends several events atomically, numbered on from the expected version, and says where they went', async () => {
    const stream = freshStream();
    const first = await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 }), CounterIncremented({ by: 2 })], metadata());
    const second = await store.append(stream, 2, [CounterIncremented({ by: 3 })], metadata());
    expect(first).toMatchObject({ status: 'appended', nextVersion: 2 });
    expect(second).toMatchObject({ status: 'appended', nextVersion: 3 });
    const events = await store.readStreamRecords(stream);
    expect(events.map((e) => [e.streamVersion, e.data])).toEqual([
      [1, { by: 1 }],
      [2, { by: 2 }],
      [3, { by: 3 }],
    ]);
    expect(events.map((e) => e.position)).toEqual([
      ...(first.status === 'appended' ? first.positions : []),
      ...(second.status === 'appended' ? second.positions : []),
    ]);
  });

  it("refuses 'no-stream' when the stream exists, and a stale version, with a 409 conflict", async () => {
    const stream = freshStream();
    await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
    await expect(store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata())).rejects.toBeInstanceOf(StreamVersionConflictError);
    await expect(store.append(stream, 0, [CounterIncremented({ by: 1 })], metadata())).rejects.toMatchObject({
      status: 409,
      code: 'CONFLICT',
      expected: 0,
      actual: 1,
    });
  });

  it("appends with 'any' at the end, whatever the version", async () => {
    const stream = freshStream();
    await store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata());
    expect(await store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata())).toMatchObject({ nextVersion: 2 });
  });

  it('appends nothing of a batch when one event breaks its schema', async () => {
    const stream = freshStream();
    const batch = [CounterIncremented({ by: 1 }), { type: 'CounterIncremented', data: { by: 'one' } }];
    await expect(store.append(stream, 'any', batch, metadata())).rejects.toBeInstanceOf(EventSchemaError);
    expect(await store.readStreamRecords(stream)).toEqual([]);
  });

  it('refuses an event type nobody registered', async () => {
    await expect(store.append(freshStream(), 'any', [{ type: 'Mystery', data: {} }], metadata())).rejects.toBeInstanceOf(UnknownEventTypeError);
  });

  it('stores the metadata beside each event', async () => {
    const stream = freshStream();
    const meta = metadata({ causationId: 'cmd-1', actor: { kind: 'user', userId: 'u-1' } });
    await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], meta);
    const [event] = await store.readStreamRecords(stream);
    expect(event?.metadata).toEqual(meta);
    expect(event?.recordedAt).toBeInstanceOf(Date);
  });

  it('cannot change or delete what was appended', async () => {
    const stream = freshStream();
    await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
    await pool.query(`update events set data = '{"by": 99}' where stream_id = $1`, [stream]);
    await pool.query('delete from events where stream_id = $1', [stream]);
    expect((await store.readStreamRecords(stream)).map((e) => e.data)).toEqual([{ by: 1 }]);
  });
});
