import type { Pool } from 'pg';
import { runCommand, StreamStateCache, type CommandOutcome } from '../../../backend/src/events/command-runner';
import type { Decider } from '../../../backend/src/events/decider';
import type { EventStore } from '../../../backend/src/events/event-store';
import { StreamVersionConflictError } from '../../../backend/src/events/event-store.errors';
import { SerializedStreams, StreamBusyError, STREAM_COMMAND_LOCK } from '../../../backend/src/events/serialized-streams';
import { rootLogger } from '../../../backend/src/platform/common/logger';
import { CounterIncremented, freshStream, metadata, testPool, testStore } from '../../support/test-events';

type Counted = ReturnType<typeof CounterIncremented>;
type Total = { total: number };
/** Adds `by` unless the total would pass `max`. */
const counter: Decider<{ by: number; max: number }, Counted, Total> = {
  events: [CounterIncremented],
  initialState: () => ({ total: 0 }),
  evolve: (state, event) => ({ total: state.total + event.data.by }),
  decide: (command, state) => (state.total + command.by > command.max ? [] : [CounterIncremented({ by: command.by })]),
};

/** What one api process has: its own pool, lanes and cache. */
interface Process {
  pool: Pool;
  streams: SerializedStreams;
  cache: StreamStateCache<Total>;
}
const processes: Process[] = [];
const processWith = (waitMs = 5_000): Process => {
  const pool = testPool(4);
  const process = { pool, streams: new SerializedStreams(testStore(pool), pool, waitMs), cache: new StreamStateCache<Total>() };
  processes.push(process);
  return process;
};
let a: Process;
let b: Process;
beforeAll(() => {
  a = processWith();
  b = processWith();
});
afterAll(() => Promise.all(processes.map((p) => p.pool.end())));

/** No retries: a lost race would surface as a StreamVersionConflictError. */
const add = (on: Process, streamId: string, by: number, max: number): Promise<CommandOutcome<Total>> =>
  runCommand({ serialize: on.streams, streamId, decider: counter, command: { by, max }, metadata: metadata(), cache: on.cache, retries: 0 });
const versionsOf = async (stream: string) =>
  (await a.pool.query<{ stream_version: number }>('select stream_version from events where stream_id = $1 order by stream_version', [stream])).rows.map(
    (r) => r.stream_version,
  );

describe('commands on one stream from two processes, serialized', () => {
  it('60 at once, none retried: every one decided against the last, none lost to a conflict', async () => {
    const stream = freshStream('serialized');
    const outcomes = await Promise.all(Array.from({ length: 60 }, (_, i) => add(i % 2 ? b : a, stream, 1, 1_000)));
    expect(outcomes.map((o) => o.status)).toEqual(Array(60).fill('appended'));
    expect(outcomes.map((o) => o.state.total).sort((x, y) => x - y)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    expect(await versionsOf(stream)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    // Each process's cache read on past what the other appended.
    expect((await add(a, stream, 1, 1_000)).state.total).toBe(61);
    expect((await add(b, stream, 1, 1_000)).state.total).toBe(62);
  });

  it('never spends past the limit, and refuses exactly what it cannot cover', async () => {
    const stream = freshStream('limit');
    const outcomes = await Promise.all(Array.from({ length: 50 }, (_, i) => add(i % 2 ? b : a, stream, 1, 30)));
    expect(outcomes.filter((o) => o.status === 'appended')).toHaveLength(30);
    expect(outcomes.filter((o) => o.status === 'unchanged')).toHaveLength(20);
    expect(await versionsOf(stream)).toHaveLength(30);
  });

  it('a lock held past the bound refuses with StreamBusyError and gives the connection back; then it runs again', async () => {
    const stream = freshStream('busy');
    const quick = processWith(300);
    const holder = await a.pool.connect();
    try {
      await holder.query('begin');
      await holder.query('select pg_advisory_xact_lock($1, hashtext($2))', [STREAM_COMMAND_LOCK, stream]);
      const refused = await Promise.allSettled([add(quick, stream, 1, 10), add(quick, stream, 1, 10)]);
      for (const r of refused) expect(r).toMatchObject({ status: 'rejected', reason: expect.any(StreamBusyError) });
      expect(quick.pool.idleCount).toBe(quick.pool.totalCount);
      await holder.query('commit');
    } finally {
      holder.release();
    }
    expect((await add(quick, stream, 1, 10)).status).toBe('appended');
    expect(await versionsOf(stream)).toEqual([1]);
  });

  it('a writer that does not take the lock (an older release mid-deploy) costs a retry and a warning, never a wrong decision', async () => {
    const stream = freshStream('intruder');
    const base = testStore(a.pool);
    let intrude = true;
    // The store's transaction-bound copy lets another writer append, without the lock, right after each first read.
    const leaky = Object.assign(Object.create(base) as EventStore, {
      inTransactionOn: (client: Parameters<EventStore['inTransactionOn']>[0]) => {
        const bound = base.inTransactionOn(client);
        return Object.assign(Object.create(bound) as EventStore, {
          readStream: async (...args: Parameters<EventStore['readStream']>) => {
            const events = await bound.readStream(...args);
            if (intrude) {
              intrude = false;
              await testStore(b.pool).append(stream, 'any', [CounterIncremented({ by: 100 })], metadata());
            }
            return events;
          },
        });
      },
    });
    const on: Process = { ...a, streams: new SerializedStreams(leaky, a.pool, 5_000), cache: new StreamStateCache<Total>() };
    const warn = jest.spyOn(rootLogger(), 'warn').mockImplementation(() => undefined);
    try {
      const retried = await runCommand({
        serialize: on.streams,
        streamId: stream,
        decider: counter,
        command: { by: 1, max: 1_000 },
        metadata: metadata(),
        cache: on.cache,
      });
      expect(retried).toMatchObject({ status: 'appended', state: { total: 101 } });
      expect(warn).toHaveBeenCalledWith({ streamId: stream }, expect.stringContaining('without its lock'));
      intrude = true;
      await expect(add(on, stream, 1, 1_000)).rejects.toBeInstanceOf(StreamVersionConflictError);
    } finally {
      warn.mockRestore();
    }
    expect(await versionsOf(stream)).toEqual([1, 2, 3]);
    expect((await add(on, stream, 1, 1_000)).state.total).toBe(202);
  });
});
