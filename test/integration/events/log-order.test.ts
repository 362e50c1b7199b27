import { Client, type Pool } from 'pg';
import type { EventStore } from '../../../backend/src/events/event-store';
import { compareCheckpoints, LOG_START, type LogCheckpoint, type RecordedEvent } from '../../../backend/src/events/recorded-event';
import { adminDatabaseUrl } from '../../support/test-database';
import { CounterIncremented, freshStream, metadata, testPool, testStore } from '../../support/test-events';
import { eventually } from './support/wait';

let pool: Pool;
let store: EventStore;
beforeAll(() => {
  pool = testPool();
  store = testStore(pool);
});
afterAll(() => pool.end());

const insertFirstEvent = (client: { query: Pool['query'] }, stream: string) =>
  client.query(`insert into events (stream_id, stream_version, type, schema_version, data, metadata) values ($1, 1, 'CounterIncremented', 1, '{"by":1}', $2)`, [
    stream,
    JSON.stringify(metadata()),
  ]);

/** Where a reader that has read everything visible right now would stand. */
const endOfLog = async (): Promise<LogCheckpoint> => (await store.readPage(LOG_START, 1_000_000)).next;

const at = (event: RecordedEvent): LogCheckpoint => ({ transactionId: event.transactionId, position: event.position });

/**
 * Reads on one event at a time from `from`, as a projector with batches of 1 would, until `done`.
 * At the end of what is readable it waits: other suites' open transactions can hold events back.
 */
async function readOneByOne(from: LogCheckpoint, done: (seen: RecordedEvent[]) => boolean): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  let checkpoint = from;
  while (!done(seen)) {
    const [event] = await eventually(
      'the log has an event after the last one seen',
      () => store.readAll(checkpoint, 1),
      (events) => events.length > 0,
      10_000,
    );
    seen.push(event!);
    checkpoint = at(event!);
  }
  return seen;
}

describe('reading the whole log', () => {
  it('waits for a transaction that is still open instead of reading past it', async () => {
    const slow = await pool.connect();
    const [slowStream, fastStream] = [freshStream('slow'), freshStream('fast')];
    try {
      await slow.query('begin');
      await insertFirstEvent(slow, slowStream);
      await store.append(fastStream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      // The fast event is committed, but the slow transaction began first and might still commit.
      expect((await store.readAll(LOG_START, 1_000_000)).some((e) => e.streamId === fastStream)).toBe(false);
      await slow.query('commit');
      const order = await eventually(
        'both are readable',
        async () => (await store.readAll(LOG_START, 1_000_000)).filter((e) => e.streamId === slowStream || e.streamId === fastStream),
        (events) => events.length === 2,
      );
      expect(order.map((e) => e.streamId)).toEqual([slowStream, fastStream]);
    } finally {
      slow.release();
    }
  });

  it('does not wait for a transaction open in another database, which cannot write this log', async () => {
    const from = await endOfLog();
    const elsewhere = new Client({ connectionString: adminDatabaseUrl() });
    await elsewhere.connect();
    const stream = freshStream('beside');
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await store.append(stream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      // Still open in the other database: were it waited for, this would time out.
      const page = await eventually(
        'the event is readable',
        () => store.readPage(from, 1_000_000),
        (p) => p.events.some((e) => e.streamId === stream),
      );
      expect(page.events.filter((e) => e.streamId === stream)).toHaveLength(1);
      expect((await elsewhere.query<{ open: string | null }>('select pg_current_xact_id_if_assigned()::text as open')).rows[0]!.open).not.toBeNull();
    } finally {
      await elsewhere.query('rollback');
      await elsewhere.end();
    }
  });

  it('goes by (transaction id, position): a checkpoint of the position alone would skip events', async () => {
    const from = await endOfLog();
    const older = await pool.connect();
    const [olderStream, youngerStream] = [freshStream('older'), freshStream('younger')];
    try {
      // The older transaction takes its id first but inserts last: it gets the higher position.
      await older.query('begin');
      await older.query('select pg_current_xact_id()');
      await store.append(youngerStream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      await insertFirstEvent(older, olderStream);
      await older.query('commit');
    } finally {
      older.release();
    }

    const ours = (await readOneByOne(from, (seen) => seen.filter((e) => e.streamId === olderStream || e.streamId === youngerStream).length === 2)).filter(
      (e) => e.streamId === olderStream || e.streamId === youngerStream,
    );
    const [first, second] = ours as [RecordedEvent, RecordedEvent];
    expect([first.streamId, second.streamId]).toEqual([olderStream, youngerStream]);
    expect(first.position).toBeGreaterThan(second.position);

    // Read one by one with (transaction id, position) checkpoints, each was seen exactly once;
    // a reader that had kept only the position after `first` would never see `second`.
    const { rows } = await pool.query('select count(*)::int as n from events where stream_id = $1 and position > $2', [
      youngerStream,
      first.position.toString(),
    ]);
    expect(rows[0].n).toBe(0);
  });

  it('lets a reader filtering by type move past the events it skipped, but never past an open transaction', async () => {
    const from = await endOfLog();
    const open = await pool.connect();
    const [openStream, laterStream] = [freshStream('open'), freshStream('later')];
    try {
      await open.query('begin');
      await insertFirstEvent(open, openStream);
      await store.append(laterStream, 'no-stream', [CounterIncremented({ by: 1 })], metadata());
      const whileOpen = await store.readPage(from, 100, { types: ['NoteRenamed'] });
      const whileOpenItsType = await store.readPage(from, 100, { types: ['CounterIncremented'] });
      await open.query('commit');
      const [openEvent] = await store.readStreamRecords(openStream);
      const [laterEvent] = await store.readStreamRecords(laterStream);

      expect(whileOpen.caughtUp).toBe(true);
      // Held back are only events it does not read: nothing to ask again soon for.
      expect(whileOpen.heldBack).toBe(false);
      expect(whileOpenItsType.heldBack).toBe(true);
      expect(compareCheckpoints(whileOpen.next, at(openEvent!))).toBeLessThan(0);
      expect(compareCheckpoints(whileOpenItsType.next, at(openEvent!))).toBeLessThan(0);

      const afterCommit = await eventually(
        'the reader has moved past both',
        () => store.readPage(from, 100, { types: ['NoteRenamed'] }),
        (page) => compareCheckpoints(page.next, at(laterEvent!)) >= 0,
      );
      expect(afterCommit.events.filter((e) => e.streamId === openStream || e.streamId === laterStream)).toEqual([]);
      expect(compareCheckpoints(afterCommit.next, at(laterEvent!))).toBeGreaterThanOrEqual(0);
    } finally {
      open.release();
    }
  });

  it('returns a full page as not caught up, and continues exactly after its last event', async () => {
    const from = await endOfLog();
    const stream = freshStream();
    await store.append(
      stream,
      'no-stream',
      [1, 2, 3].map((by) => CounterIncremented({ by })),
      metadata(),
    );
    const page = await eventually(
      'two events are readable',
      () => store.readPage(from, 2),
      (p) => p.events.length === 2,
    );
    expect(page.caughtUp).toBe(false);
    expect(page.next).toEqual(at(page.events[1]!));
    const ours = (events: RecordedEvent[]) => events.filter((e) => e.streamId === stream);
    const rest = await eventually(
      'the rest is readable',
      () => store.readAll(page.next, 1_000_000),
      (r) => ours([...page.events, ...r]).length === 3,
    );
    const both = [...page.events, ...rest];
    expect(new Set(both.map((e) => e.position)).size).toBe(both.length);
    expect(ours(both).map((e) => e.data)).toEqual([{ by: 1 }, { by: 2 }, { by: 3 }]);
  });
});
