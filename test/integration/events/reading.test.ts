import type { Pool } from 'pg';
import { z } from 'zod';
import { defineEvent, EventRegistry, UnknownEventTypeError } from '../../../backend/src/events/event-registry';
import { EventStore } from '../../../backend/src/events/event-store';
import { LOG_START } from '../../../backend/src/events/recorded-event';
import { ForeignEventTypeError } from '../../../backend/src/events/stream-events';
import { CounterIncremented, freshStream, metadata, NoteRenamed, testPool, testStore } from '../../support/test-events';
import { eventually } from './support/wait';

let pool: Pool;
let store: EventStore;
beforeAll(() => {
  pool = testPool();
  store = testStore(pool);
});
afterAll(() => pool.end());

/** Writes a row as older code would have, bypassing today's schema. */
async function insertStored(stream: string, version: number, type: string, schemaVersion: number, data: unknown): Promise<void> {
  await pool.query(`insert into events (stream_id, stream_version, type, schema_version, data, metadata) values ($1, $2, $3, $4, $5, $6)`, [
    stream,
    version,
    type,
    schemaVersion,
    JSON.stringify(data),
    JSON.stringify(metadata()),
  ]);
}

describe('an event stored at an old schema version', () => {
  it('is upcast when read, and its row stays exactly as stored', async () => {
    const stream = freshStream();
    await insertStored(stream, 1, 'NoteRenamed', 1, { title: 'Inbox' });
    const [event] = await store.readStreamRecords(stream);
    expect(NoteRenamed.schemaVersion).toBe(2);
    expect(event).toMatchObject({ type: 'NoteRenamed', schemaVersion: 1, data: { title: 'Inbox', previousTitle: null } });
    const { rows } = await pool.query('select schema_version, data from events where stream_id = $1', [stream]);
    expect(rows).toEqual([{ schema_version: 1, data: { title: 'Inbox' } }]);
  });

  it('is upcast through every version in between, v1 → v2 → v3', async () => {
    const ShelfRenamed = defineEvent({
      type: 'ShelfRenamed',
      schemaVersion: 3,
      schema: z.object({ name: z.string(), previousName: z.string().nullable(), renamedBy: z.string() }),
      upcasters: {
        1: (data) => ({ ...(data as object), previousName: null }),
        2: (data) => ({ ...(data as object), renamedBy: 'unknown' }),
      },
    });
    const shelves = new EventStore(pool, new EventRegistry().register(ShelfRenamed));
    const stream = freshStream('shelf');
    await insertStored(stream, 1, 'ShelfRenamed', 1, { name: 'a' });
    await insertStored(stream, 2, 'ShelfRenamed', 2, { name: 'b', previousName: 'a' });
    await shelves.append(stream, 2, [ShelfRenamed({ name: 'c', previousName: 'b', renamedBy: 'u-1' })], metadata());
    expect((await shelves.readStreamRecords(stream)).map((e) => [e.schemaVersion, e.data])).toEqual([
      [1, { name: 'a', previousName: null, renamedBy: 'unknown' }],
      [2, { name: 'b', previousName: 'a', renamedBy: 'unknown' }],
      [3, { name: 'c', previousName: 'b', renamedBy: 'u-1' }],
    ]);
  });
});

describe('an event whose type this code does not know', () => {
  it('makes reading its stream fail with UnknownEventTypeError, naming the type', async () => {
    const stream = freshStream();
    await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
    await insertStored(stream, 2, 'CounterReset', 1, {});
    await expect(store.readStreamRecords(stream)).rejects.toBeInstanceOf(UnknownEventTypeError);
    await expect(store.readStreamRecords(stream)).rejects.toThrow(/"CounterReset"/);
  });

  it('is listed by readAll with its envelope, and reading its data fails the same way', async () => {
    const stream = freshStream();
    await insertStored(stream, 1, 'CounterReset', 1, {});
    const unknown = await eventually(
      'the row is readable',
      async () => (await store.readAll(LOG_START, 1_000_000)).find((e) => e.streamId === stream),
      (event) => event !== undefined,
    );
    expect(unknown).toMatchObject({ type: 'CounterReset', streamVersion: 1 });
    expect(() => unknown?.data).toThrow(UnknownEventTypeError);
  });
});

describe('reading one stream', () => {
  it('starts from a given version', async () => {
    const stream = freshStream();
    await store.append(
      stream,
      'no-stream',
      [1, 2, 3, 4].map((by) => CounterIncremented({ by })),
      metadata(),
    );
    expect((await store.readStreamRecords(stream, { fromVersion: 3 })).map((e) => e.data)).toEqual([{ by: 3 }, { by: 4 }]);
  });

  it('is empty for a stream that does not exist', async () => {
    expect(await store.readStreamRecords(freshStream())).toEqual([]);
  });
});

describe('reading one stream as the events it holds', () => {
  it('returns them typed by their definitions, upcast like any read', async () => {
    const stream = freshStream();
    await insertStored(stream, 1, 'NoteRenamed', 1, { title: 'Inbox' });
    await store.append(stream, 1, [CounterIncremented({ by: 2 })], metadata());
    const events = await store.readStream(stream, [CounterIncremented, NoteRenamed]);
    const described = events.map((event) => (event.type === 'CounterIncremented' ? `+${event.data.by}` : `${event.data.previousTitle} → ${event.data.title}`));
    expect(described).toEqual(['null → Inbox', '+2']);
    expect(events.map((event) => event.streamVersion)).toEqual([1, 2]);
  });

  it('refuses a stream holding a type it was not read as, naming the stream and the type', async () => {
    const stream = freshStream();
    await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 }), NoteRenamed({ title: 'Inbox', previousTitle: null })], metadata());
    await expect(store.readStream(stream, [CounterIncremented])).rejects.toBeInstanceOf(ForeignEventTypeError);
    await expect(store.readStream(stream, [CounterIncremented])).rejects.toThrow(`Stream ${stream} holds a NoteRenamed event`);
  });

  it('refuses a foreign type even past the version it starts from', async () => {
    const stream = freshStream();
    await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 }), NoteRenamed({ title: 'Inbox', previousTitle: null })], metadata());
    expect((await store.readStream(stream, [CounterIncremented, NoteRenamed], { fromVersion: 2 })).map((event) => event.type)).toEqual(['NoteRenamed']);
    await expect(store.readStream(stream, [CounterIncremented], { fromVersion: 2 })).rejects.toBeInstanceOf(ForeignEventTypeError);
  });
});
