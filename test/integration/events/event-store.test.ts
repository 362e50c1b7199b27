import type { Pool } from 'pg';
import { EventStore } from '../../../backend/src/events/event-store';
import { StreamVersionConflictError } from '../../../backend/src/events/event-store.errors';
import { UnknownEventTypeError, EventSchemaError } from '../../../backend/src/events/event-registry';
import { LOG_START } from '../../../backend/src/events/recorded-event';
import { CounterIncremented, NoteRenamed, freshStream, metadata, testPool, testStore } from '../../support/test-events';

let pool: Pool;
let store: EventStore;
beforeAll(() => {
  pool = testPool();
  store = testStore(pool);
});
afterAll(() => pool.end());

describe('appending to a stream', () => {
  it('appends several events atomically and numbers them from the expected version', async () => {
    const stream = freshStream();
    const first = await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 }), CounterIncremented({ by: 2 })], metadata());
    expect(first).toMatchObject({ status: 'appended', nextVersion: 2 });
    await store.append(stream, 2, [CounterIncremented({ by: 3 })], metadata());
    const events = await store.readStream(stream);
    expect(events.map((e) => [e.streamVersion, e.data])).toEqual([[1, { by: 1 }], [2, { by: 2 }], [3, { by: 3 }]]);
  });

  it('refuses no-stream when the stream exists, and a stale version', async () => {
    const stream = freshStream();
    await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
    await expect(store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata())).rejects.toBeInstanceOf(StreamVersionConflictError);
    await expect(store.append(stream, 0, [CounterIncremented({ by: 1 })], metadata())).rejects.toThrow(/expected 0, found 1/);
  });

  it('appends with any at the end, whatever the version', async () => {
    const stream = freshStream();
    await store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata());
    const second = await store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata());
    expect(second).toMatchObject({ nextVersion: 2 });
  });

  it('refuses data that breaks the event schema, appending nothing', async () => {
    const stream = freshStream();
    await expect(store.append(stream, 'any', [{ type: 'CounterIncremented', data: { by: 'one' } }], metadata())).rejects.toBeInstanceOf(EventSchemaError);
    expect(await store.readStream(stream)).toEqual([]);
  });

  it('refuses an event type nobody registered', async () => {
    await expect(store.append(freshStream(), 'any', [{ type: 'Mystery', data: {} }], metadata())).rejects.toBeInstanceOf(UnknownEventTypeError);
  });

  it('cannot change or delete what was appended', async () => {
    const stream = freshStream();
    await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
    await pool.query(`update events set data = '{"by": 99}' where stream_id = $1`, [stream]);
    await pool.query('delete from events where stream_id = $1', [stream]);
    expect((await store.readStream(stream)).map((e) => e.data)).toEqual([{ by: 1 }]);
  });
});

describe('20 writers racing on one stream at the same expected version', () => {
  it('lets exactly one win each version, the rest get the conflict, and never duplicates a version', async () => {
    const stream = freshStream('race');
    for (let version = 0; version < 5; version += 1) {
      const results = await Promise.allSettled(
        Array.from({ length: 20 }, () => store.append(stream, version === 0 ? 'no-stream' : version, [CounterIncremented({ by: 1 })], metadata())),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const losers = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(losers).toHaveLength(19);
      for (const loser of losers) expect(loser.reason).toBeInstanceOf(StreamVersionConflictError);
    }
    const { rows } = await pool.query('select stream_version from events where stream_id = $1 order by stream_version', [stream]);
    expect(rows.map((r) => r.stream_version)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('an external source id', () => {
  it('appends once; the same id again appends nothing, however much later', async () => {
    const stream = freshStream();
    const sourceId = `evt_${freshStream('stripe')}`;
    expect(await store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata({ sourceId }))).toMatchObject({ status: 'appended' });
    expect(await store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata({ sourceId }))).toEqual({ status: 'already-recorded', sourceId });
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('appends once when ten deliveries of the same id race', async () => {
    const stream = freshStream();
    const sourceId = `evt_${freshStream('stripe')}`;
    const results = await Promise.all(Array.from({ length: 10 }, () => store.append(stream, 'any', [CounterIncremented({ by: 1 })], metadata({ sourceId }))));
    expect(results.filter((r) => r.status === 'appended')).toHaveLength(1);
    expect(await store.readStream(stream)).toHaveLength(1);
  });

  it('frees the id again when the append fails, so a retry can record it', async () => {
    const stream = freshStream();
    const sourceId = `evt_${freshStream('stripe')}`;
    await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
    await expect(store.append(stream, 'no-stream', [CounterIncremented({ by: 5 })], metadata({ sourceId }))).rejects.toBeInstanceOf(StreamVersionConflictError);
    expect(await store.append(stream, 1, [CounterIncremented({ by: 5 })], metadata({ sourceId }))).toMatchObject({ status: 'appended' });
  });
});

describe('reading', () => {
  it('upcasts events stored at an old schema version, leaving the row as it was', async () => {
    const stream = freshStream();
    await pool.query(
      `insert into events (stream_id, stream_version, type, schema_version, data, metadata) values ($1, 1, 'NoteRenamed', 1, '{"title":"Inbox"}', $2)`,
      [stream, JSON.stringify(metadata())],
    );
    const [event] = await store.readStream(stream);
    expect(event).toMatchObject({ type: 'NoteRenamed', schemaVersion: 1, data: { title: 'Inbox', previousTitle: null } });
    const { rows } = await pool.query('select data from events where stream_id = $1', [stream]);
    expect(rows[0].data).toEqual({ title: 'Inbox' });
    expect(NoteRenamed.schemaVersion).toBe(2);
  });

  it('reads the whole log in order from a checkpoint, filtered by type', async () => {
    const stream = freshStream();
    await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 }), NoteRenamed({ title: 'a', previousTitle: null })], metadata());
    const all = await store.readAll(LOG_START, 100_000);
    const mine = all.filter((e) => e.streamId === stream);
    expect(mine.map((e) => e.type)).toEqual(['CounterIncremented', 'NoteRenamed']);
    const counters = await store.readAll(LOG_START, 100_000, { types: ['CounterIncremented'] });
    expect(counters.every((e) => e.type === 'CounterIncremented')).toBe(true);
    const last = all.at(-1)!;
    expect(await store.readAll({ transactionId: last.transactionId, position: last.position }, 10)).toEqual([]);
  });

  it('waits for a transaction that is still open instead of reading past it', async () => {
    const slow = await pool.connect();
    const stream = freshStream('slow');
    try {
      await slow.query('begin');
      await slow.query(
        `insert into events (stream_id, stream_version, type, schema_version, data, metadata) values ($1, 1, 'CounterIncremented', 1, '{"by":1}', $2)`,
        [stream, JSON.stringify(metadata())],
      );
      const fast = freshStream('fast');
      await store.append(fast, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      // The later, committed event is not visible yet: the slow transaction began before it.
      const before = await store.readAll(LOG_START, 100_000);
      expect(before.some((e) => e.streamId === fast)).toBe(false);
      await slow.query('commit');
      const after = await store.readAll(LOG_START, 100_000);
      const order = after.filter((e) => e.streamId === stream || e.streamId === fast).map((e) => e.streamId);
      expect(order).toEqual([stream, fast]);
    } finally {
      slow.release();
    }
  });
});
