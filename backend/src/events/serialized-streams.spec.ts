import type { PoolClient } from 'pg';
import type { EventStore } from './event-store';
import { SerializedStreams, StreamBusyError, STREAM_COMMAND_LOCK } from './serialized-streams';

/** Lets the callbacks already queued (the fake connection's answers) run first. */
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** A pool whose connections record their statements; `fail` makes a statement matching it throw. */
function fakePool(fail: { match: RegExp; error: unknown }[] = []) {
  const log: string[] = [];
  const released: boolean[] = [];
  let out = 0;
  let mostOut = 0;
  let connects = 0;
  const connect = async () => {
    connects += 1;
    out += 1;
    mostOut = Math.max(mostOut, out);
    await tick();
    const client = {
      query: async (sql: string) => {
        log.push(sql);
        await tick();
        const failure = fail.find((f) => f.match.test(sql));
        if (failure) throw failure.error;
        return { rows: [] };
      },
      escapeLiteral: (value: string) => `'${value.replaceAll("'", "''")}'`,
      release: (destroy?: boolean) => {
        out -= 1;
        released.push(destroy === true);
      },
    };
    return client as unknown as PoolClient;
  };
  return { connect, log, released, stats: () => ({ connects, mostOut, out }) };
}

/** A store whose transaction-bound copies say whether they appended; counts its wake-ups. */
function fakeStore() {
  const woken = { count: 0 };
  const store = {
    inTransactionOn: () => ({
      appended: false,
      markAppended() {
        this.appended = true;
      },
    }),
    wakeProjectors: () => {
      woken.count += 1;
    },
  };
  return { store: store as unknown as EventStore, woken };
}

type BoundFake = EventStore & { markAppended(): void };

describe('SerializedStreams', () => {
  it('runs the work in one transaction under the stream lock on one connection, then returns it to the pool', async () => {
    const pool = fakePool();
    const { store, woken } = fakeStore();
    const streams = new SerializedStreams(store, pool, 5_000);
    const result = await streams.run("host-calendar-o'brien", async (bound) => {
      (bound as BoundFake).markAppended();
      return 'done';
    });
    expect(result).toBe('done');
    expect(pool.log).toHaveLength(2);
    expect(pool.log[0]).toMatch(
      new RegExp(`^begin; set local lock_timeout = \\d+; select pg_advisory_xact_lock\\(${STREAM_COMMAND_LOCK}, hashtext\\('host-calendar-o''brien'\\)\\)$`),
    );
    expect(Number(/lock_timeout = (\d+)/.exec(pool.log[0]!)![1])).toBeLessThanOrEqual(5_000);
    expect(pool.log[1]).toBe('commit');
    expect(pool.released).toEqual([false]);
    expect(woken.count).toBe(1);
  });

  it('wakes no projector when the work appended nothing', async () => {
    const { store, woken } = fakeStore();
    await new SerializedStreams(store, fakePool(), 5_000).run('s', async () => 'unchanged');
    expect(woken.count).toBe(0);
  });

  it('takes one connection per stream at a time in this process: the lane’s head waits for the lock, not the commands behind it', async () => {
    const pool = fakePool();
    const streams = new SerializedStreams(fakeStore().store, pool, 5_000);
    const order: number[] = [];
    await Promise.all(Array.from({ length: 5 }, (_, i) => streams.run('one', async () => order.push(i))));
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(pool.stats()).toMatchObject({ connects: 5, mostOut: 1, out: 0 });
    await Promise.all([streams.run('a', tick), streams.run('b', tick)]);
    expect(pool.stats().mostOut).toBe(2);
  });

  it('a failing work rolls back, returns the connection, and its error reaches the caller; the next command runs', async () => {
    const pool = fakePool();
    const streams = new SerializedStreams(fakeStore().store, pool, 5_000);
    const failed = streams.run('s', () => Promise.reject(new Error('slot taken')));
    const next = streams.run('s', async () => 'next');
    await expect(failed).rejects.toThrow('slot taken');
    await expect(next).resolves.toBe('next');
    expect(pool.log.filter((sql) => !sql.startsWith('begin'))).toEqual(['rollback', 'commit']);
    expect(pool.released).toEqual([false, false]);
  });

  it('a lock wait past the bound (lock_timeout) is a StreamBusyError, a 503', async () => {
    const pool = fakePool([{ match: /pg_advisory_xact_lock/, error: Object.assign(new Error('canceling statement due to lock timeout'), { code: '55P03' }) }]);
    const run = new SerializedStreams(fakeStore().store, pool, 5_000).run('s', async () => 'never');
    await expect(run).rejects.toBeInstanceOf(StreamBusyError);
    await expect(run).rejects.toMatchObject({ status: 503, code: 'UNAVAILABLE', streamId: 's' });
    expect(pool.log.at(-1)).toBe('rollback');
    expect(pool.released).toEqual([false]);
  });

  it('a command still queued in this process when its bound passes is refused without taking a connection', async () => {
    const pool = fakePool();
    // Only performance.now() is faked: the bound is read from it, and the test moves it on.
    jest.useFakeTimers({
      doNotFake: [
        'Date',
        'hrtime',
        'nextTick',
        'queueMicrotask',
        'setImmediate',
        'clearImmediate',
        'setInterval',
        'clearInterval',
        'setTimeout',
        'clearTimeout',
      ],
    });
    try {
      const streams = new SerializedStreams(fakeStore().store, pool, 100);
      let started!: () => void;
      let finish!: () => void;
      const working = new Promise<void>((resolve) => (started = resolve));
      const slow = streams.run('s', () => {
        started();
        return new Promise<void>((resolve) => (finish = resolve));
      });
      const queued = streams.run('s', async () => 'late');
      await working;
      jest.advanceTimersByTime(150);
      finish();
      await slow;
      await expect(queued).rejects.toBeInstanceOf(StreamBusyError);
      expect(pool.stats().connects).toBe(1);
    } finally {
      jest.useRealTimers();
    }
  });

  it('closes a connection that cannot roll back, so a transaction still holding the lock never goes back to the pool', async () => {
    const pool = fakePool([{ match: /^rollback$/, error: new Error('connection terminated') }]);
    const run = new SerializedStreams(fakeStore().store, pool, 5_000).run('s', () => Promise.reject(new Error('work failed')));
    await expect(run).rejects.toThrow('work failed');
    expect(pool.released).toEqual([true]);
  });

  it('a failed commit reaches the caller (nothing it appended counts) and the connection is rolled back', async () => {
    const pool = fakePool([{ match: /^commit$/, error: new Error('could not commit') }]);
    const { store, woken } = fakeStore();
    const run = new SerializedStreams(store, pool, 5_000).run('s', async (bound) => (bound as BoundFake).markAppended());
    await expect(run).rejects.toThrow('could not commit');
    expect(pool.log.slice(1)).toEqual(['commit', 'rollback']);
    expect(woken.count).toBe(0);
  });
});
