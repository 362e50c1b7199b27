import type { Pool } from 'pg';
import { typesPayload } from './appended-types';
import { decodeEventRow } from './decode-event-row';
import { eventMetadataSchema, type EventMetadata } from './event-metadata';
import type { EventDefinition, EventRegistry, NewEvent } from './event-registry';
import { StreamVersionConflictError, type ExpectedVersion } from './event-store.errors';
import { laterOf, type EventRow, type LogCheckpoint, type LogPage, type RecordedEvent } from './recorded-event';
import { ForeignEventTypeError, type Recorded, type RecordedOf, type StreamEvents } from './stream-events';

export type AppendResult =
  | { status: 'appended'; nextVersion: number; positions: bigint[] }
  /** The metadata's sourceId was recorded before: nothing was appended, now or ever again. */
  | { status: 'already-recorded'; sourceId: string };

export const EVENTS_CHANNEL = 'events';
const UNIQUE_VIOLATION = '23505';
/** Raised by append_events when the stream is not at the expected version. */
const VERSION_MISMATCH = 'SC409';
/** append_events locks the stream, so 'any' only retries if rows arrive some other way. */
const ANY_VERSION_RETRIES = 5;

/** What the store queries through: its pool, or one connection of it that holds a transaction. */
export type Queryable = Pick<Pool, 'query'>;

const COLUMNS = 'position, transaction_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at';

/**
 * `visible.below`: every transaction below it has finished, so no event can still appear there.
 * It is the oldest transaction still running that could write this log, else the first not yet
 * started; not the snapshot's xmin, which waits on every database of the server (another app's
 * long transaction, a CREATE DATABASE) though a transaction cannot write outside its own.
 * A running transaction counts as another database's only on proof: pg_stat_activity's function
 * (the view costs more to plan) showing its id on a backend connected elsewhere. It is read after
 * the snapshot is taken (readPage is a statement of its own; Postgres keeps what it read of that
 * view until the transaction ends), and a transaction keeps its backend slot from before the
 * snapshot to its end, so the database read beside its id is its own; one that ended meanwhile
 * still counts.
 */
const READABLE_BELOW = `snapshot as materialized (select pg_current_snapshot() as taken),
       visible as materialized (
         select coalesce(
           (select min(running) from pg_snapshot_xip((select taken from snapshot)) running
            where running::xid not in (
              select backend_xid from pg_stat_get_activity(null)
              where backend_xid is not null and datid is distinct from (select oid from pg_database where datname = current_database()))),
           (select pg_snapshot_xmax(taken) from snapshot)) as below
       )`;

/**
 * The append-only Postgres log. Appends are atomic per call and optimistic per stream (the
 * stream's version is checked under a per-stream lock, and the unique (stream_id, stream_version)
 * key backs it up); reads of the whole log follow (transaction_id, position) and stop below the
 * oldest transaction still running, so an event whose transaction commits late is waited for,
 * never skipped.
 */
export class EventStore {
  private notifying = false;
  private notifyAgain = false;
  /** The event types committed since the last NOTIFY was sent; 'all' when a caller did not say. */
  private unannounced: Set<string> | 'all' = new Set();
  private appends = 0;
  private readonly typesAppended = new Set<string>();

  constructor(
    private readonly pool: Queryable,
    private readonly registry: EventRegistry,
    /** Set on a store bound to a caller's transaction: its appends are not committed when they return. */
    private readonly inTransaction = false,
  ) {}

  /**
   * This store's reads and appends on `connection`, which holds a transaction the caller commits.
   * Its appends wake no projector (before the commit they would find nothing, and not look again
   * for 500 ms): after committing, call `wakeProjectors(appendedTypes)` if `appended` says so.
   */
  inTransactionOn(connection: Queryable): EventStore {
    return new EventStore(connection, this.registry, true);
  }

  /** Whether an append through this store went through (for a store bound to a transaction). */
  get appended(): boolean {
    return this.appends > 0;
  }

  /** The types of the events appended through this store (for a store bound to a transaction). */
  get appendedTypes(): ReadonlySet<string> {
    return this.typesAppended;
  }

  /**
   * Wakes projectors after appends commit. A NOTIFY inside the append takes a database-wide lock
   * held through the commit's WAL flush, so notifying appends commit one at a time (measured: 16
   * writers fall from ~4,200 to ~900 appends/s). So it goes after commit, one at a time: appends
   * that commit while one is on its way share a single one after it. Each NOTIFY is a transaction
   * of its own (with an id and a flushed commit) that wakes every listener: at thousands of
   * appends/s, one per tick was a noticeable share of the database's work. If this process dies
   * before sending it, the projectors' polling covers it. Its payload names the types committed
   * (empty: any), so a projector that reads none of them need not query the log at once.
   */
  wakeProjectors(types?: Iterable<string>): void {
    if (!types) this.unannounced = 'all';
    else if (this.unannounced !== 'all') for (const type of types) this.unannounced.add(type);
    if (this.notifying) {
      this.notifyAgain = true;
      return;
    }
    this.notifying = true;
    setImmediate(() => this.sendNotify());
  }

  private sendNotify(): void {
    this.notifyAgain = false;
    const types = this.unannounced;
    this.unannounced = new Set();
    void this.pool
      .query('select pg_notify($1, $2)', [EVENTS_CHANNEL, typesPayload(types)])
      .catch(() => undefined)
      .then(() => {
        if (this.notifyAgain) this.sendNotify();
        else this.notifying = false;
      });
  }

  async append(streamId: string, expected: ExpectedVersion, events: NewEvent[], metadata: EventMetadata): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const encoded = events.map((event) => this.registry.encode(event));
    const meta = eventMetadataSchema.parse(metadata);
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.appendOnce(streamId, expected, encoded, meta);
      } catch (error) {
        if (expected === 'any' && error instanceof StreamVersionConflictError && attempt < ANY_VERSION_RETRIES) continue;
        throw error;
      }
    }
  }

  private async appendOnce(
    streamId: string,
    expected: ExpectedVersion,
    events: { type: string; schemaVersion: number; data: unknown }[],
    metadata: EventMetadata,
  ): Promise<AppendResult> {
    try {
      const { rows } = await this.pool.query<{ status: 'appended' | 'already-recorded'; next_version: number | null; positions: string[] | null }>(
        'select status, next_version, positions from append_events($1, $2, $3::text[], $4::smallint[], $5::jsonb[], $6::jsonb, $7)',
        [
          streamId,
          String(expected),
          events.map((e) => e.type),
          events.map((e) => e.schemaVersion),
          events.map((e) => JSON.stringify(e.data)),
          JSON.stringify(metadata),
          metadata.sourceId ?? null,
        ],
      );
      const row = rows[0]!;
      if (row.status === 'already-recorded') return { status: 'already-recorded', sourceId: metadata.sourceId! };
      this.appends += 1;
      for (const event of events) this.typesAppended.add(event.type);
      if (!this.inTransaction) this.wakeProjectors(events.map((event) => event.type));
      return { status: 'appended', nextVersion: row.next_version!, positions: row.positions!.map((p) => BigInt(p)) };
    } catch (error) {
      const { code, constraint, detail } = error as { code?: string; constraint?: string; detail?: string };
      if (code === VERSION_MISMATCH) throw new StreamVersionConflictError(streamId, expected, Number(detail));
      if (code === UNIQUE_VIOLATION && constraint === 'events_stream_version_key') {
        throw new StreamVersionConflictError(streamId, expected, undefined);
      }
      throw error;
    }
  }

  /**
   * One stream in version order, fully decoded, typed by the definitions of the events it may
   * hold (a decider's `events`): an event of any other type throws ForeignEventTypeError, so a
   * command never folds an event its decider was not written for.
   */
  async readStream<Definition extends EventDefinition>(
    streamId: string,
    definitions: readonly Definition[],
    options?: { fromVersion?: number },
  ): Promise<RecordedOf<Definition>[]>;
  async readStream<Event extends NewEvent>(streamId: string, definitions: StreamEvents<Event>, options?: { fromVersion?: number }): Promise<Recorded<Event>[]>;
  async readStream<Event extends NewEvent>(
    streamId: string,
    definitions: StreamEvents<Event>,
    options: { fromVersion?: number } = {},
  ): Promise<Recorded<Event>[]> {
    // A row stored under a type's former name is that type (decoding reads it under the current one).
    const types = new Set<string>(definitions.flatMap((definition) => [definition.type, ...definition.formerTypes]));
    const rows = await this.streamRows(streamId, options.fromVersion);
    const foreign = rows.find((row) => !types.has(row.type));
    if (foreign) throw new ForeignEventTypeError(streamId, foreign.type, [...types]);
    // Every row's type is one of the definitions', and decoding validated its data against that type's schema.
    return rows.map((row) => decodeEventRow(row, this.registry, 'now') as Recorded<Event>);
  }

  /** One stream in version order, fully decoded, whatever its types (for a view of any stream's raw history): an event type this code does not know throws. */
  async readStreamRecords(streamId: string, options: { fromVersion?: number } = {}): Promise<RecordedEvent[]> {
    const rows = await this.streamRows(streamId, options.fromVersion);
    return rows.map((row) => decodeEventRow(row, this.registry, 'now'));
  }

  private async streamRows(streamId: string, fromVersion = 1): Promise<EventRow[]> {
    const { rows } = await this.pool.query<EventRow>(`select ${COLUMNS} from events where stream_id = $1 and stream_version >= $2 order by stream_version`, [
      streamId,
      fromVersion,
    ]);
    return rows;
  }

  /**
   * The next events of the whole log after `after`, in commit-safe order: (transaction_id,
   * position), and only transactions older than the oldest one still running, so nothing can
   * later appear before what was returned. Continue from the last event's (transactionId,
   * position), never from its position alone: positions are handed out before commit, so this
   * order is not position order.
   */
  async readAll(after: LogCheckpoint, limit: number, options: { types?: readonly string[] } = {}): Promise<RecordedEvent[]> {
    return (await this.readPage(after, limit, options)).events;
  }

  /**
   * readAll, plus where to continue from. When the page is not full, `next` is the newest
   * visible event of any type: a reader filtering by type moves past everything it skipped,
   * instead of scanning it again on every wake-up. `heldBack` says committed events (of the
   * reader's types) exist that are not readable yet because an older transaction is still open:
   * worth asking again soon, as their commit sends no notification. One statement, so all of it comes from one snapshot.
   */
  async readPage(after: LogCheckpoint, limit: number, options: { types?: readonly string[] } = {}): Promise<LogPage> {
    const params: unknown[] = [after.transactionId.toString(), after.position.toString(), limit];
    let typeFilter = '';
    if (options.types) {
      params.push(this.registry.storedTypes(options.types));
      typeFilter = 'and type = any($4::text[])';
    }
    const { rows } = await this.pool.query<Partial<EventRow> & { horizon_transaction_id: string | null; horizon_position: string | null; held_back: boolean }>(
      `with ${READABLE_BELOW},
       horizon as (
         select transaction_id, position from events where transaction_id < (select below from visible)
         order by transaction_id desc, position desc limit 1
       ),
       page as (
         select ${COLUMNS} from events
         where (transaction_id, position) > ($1::xid8, $2::bigint)
           and transaction_id < (select below from visible)
           ${typeFilter}
         order by transaction_id, position
         limit $3
       ),
       status as (
         select (select transaction_id::text from horizon) as horizon_transaction_id, (select position from horizon) as horizon_position,
           -- Not EXISTS: that plans as a sequential scan; ordered, it is one index probe.
           (select transaction_id from events where transaction_id >= (select below from visible) ${typeFilter} order by transaction_id limit 1) is not null as held_back
       )
       select page.*, status.* from status left join page on true
       order by page.transaction_id, page.position`,
      params,
    );
    const status = rows[0];
    const events = rows.filter((row): row is EventRow & typeof row => row.position != null).map((row) => decodeEventRow(row, this.registry, 'on-access'));
    const heldBack = status?.held_back === true;
    const last = events.at(-1);
    const lastRead = last ? { transactionId: last.transactionId, position: last.position } : after;
    if (events.length === limit) return { events, next: lastRead, caughtUp: false, heldBack };
    const horizon =
      status?.horizon_transaction_id != null && status.horizon_position != null
        ? { transactionId: BigInt(status.horizon_transaction_id), position: BigInt(status.horizon_position) }
        : after;
    return { events, next: laterOf(lastRead, horizon), caughtUp: true, heldBack };
  }

  /** Whether an append with this metadata sourceId went through (so a repeat would be refused as already recorded). */
  async sourceRecorded(sourceId: string): Promise<boolean> {
    const { rows } = await this.pool.query('select 1 from event_sources where source_id = $1', [sourceId]);
    return rows.length > 0;
  }

  /** The highest position appended so far, committed or not (for progress and lag). */
  async headPosition(): Promise<bigint> {
    const { rows } = await this.pool.query<{ head: string | null }>('select max(position) as head from events');
    return BigInt(rows[0]?.head ?? 0);
  }
}
