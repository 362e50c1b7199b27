import type { PoolClient } from 'pg';
import { UnavailableError } from '../platform/common/app-error';
import { rootLogger } from '../platform/common/logger';
import type { EventStore } from './event-store';
import { StreamVersionConflictError } from './event-store.errors';
import { KeyedLanes } from './keyed-lanes';

/** The advisory-lock namespace of commands on a stream (projector leadership uses 7301, append_events' own lock 7302). */
export const STREAM_COMMAND_LOCK = 7303;
/** Postgres's lock_not_available: a lock wait ran past lock_timeout. */
const LOCK_NOT_AVAILABLE = '55P03';

/** A command waited its bound for its stream's turn; nothing was decided. A 503: try again shortly. */
export class StreamBusyError extends UnavailableError {
  constructor(
    readonly streamId: string,
    readonly waitedMs: number,
  ) {
    super('This is very busy right now and your change could not get its turn; please try again in a moment.');
  }
}

/** Where connections come from (the event store's pool). */
export interface ConnectionSource {
  connect(): Promise<PoolClient>;
}

/**
 * Runs work on a stream one piece at a time across every process: in this process through a lane
 * per stream (so only the lane's head takes a connection and waits), across processes under a
 * transaction-scoped advisory lock on the stream, taken before the work reads anything and
 * released by its commit, after which the next holder reads what it appended. A waiter gives up
 * at `waitMs` from its call, queueing in the lane included, with StreamBusyError.
 *
 * Transaction-scoped rather than a session lock: the work's reads and append run on the lock's own
 * connection (a session lock held on one connection while the work queried through others would
 * let lane heads fill the pool and wait on it forever), and a lock that can only end with its
 * transaction cannot leak into the pool when a release fails.
 */
export class SerializedStreams {
  private readonly lanes = new KeyedLanes();

  constructor(
    private readonly store: EventStore,
    private readonly connections: ConnectionSource,
    private readonly waitMs: number,
  ) {}

  /** `work` gets the store bound to the locked transaction; what it appends is committed when this resolves. */
  run<T>(streamId: string, work: (store: EventStore) => Promise<T>): Promise<T> {
    const called = performance.now();
    return this.lanes.run(streamId, () => this.locked(streamId, called, work));
  }

  private async locked<T>(streamId: string, called: number, work: (store: EventStore) => Promise<T>): Promise<T> {
    const left = () => Math.floor(called + this.waitMs - performance.now());
    const busy = () => new StreamBusyError(streamId, Math.round(performance.now() - called));
    if (left() < 1) throw busy();
    const client = await this.connections.connect();
    const timeout = left();
    if (timeout < 1) {
      client.release();
      throw busy();
    }
    let reusable = true;
    try {
      // One round trip; lock_timeout bounds every lock wait of this transaction (append_events' too).
      await client.query(
        `begin; set local lock_timeout = ${timeout}; select pg_advisory_xact_lock(${STREAM_COMMAND_LOCK}, hashtext(${client.escapeLiteral(streamId)}))`,
      );
      const bound = this.store.inTransactionOn(client);
      const result = await work(bound);
      await client.query('commit');
      if (bound.appended) this.store.wakeProjectors(bound.appendedTypes);
      return result;
    } catch (error) {
      // A connection that cannot roll back may still be in the transaction (and hold the lock): it is closed, not reused.
      await client.query('rollback').catch(() => {
        reusable = false;
      });
      if ((error as { code?: unknown }).code === LOCK_NOT_AVAILABLE) throw busy();
      // Under the lock only a writer that does not take it can get there first (a process of an older release during a deploy).
      if (error instanceof StreamVersionConflictError) rootLogger().warn({ streamId }, 'a serialized stream was appended to without its lock; deciding again');
      throw error;
    } finally {
      client.release(!reusable);
    }
  }
}
