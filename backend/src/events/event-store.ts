import type { Pool } from 'pg';
import { eventMetadataSchema, type EventMetadata } from './event-metadata';
import type { EventRegistry, NewEvent } from './event-registry';
import { StreamVersionConflictError, type ExpectedVersion } from './event-store.errors';
import type { EventRow, LogCheckpoint, RecordedEvent } from './recorded-event';

export type AppendResult =
  | { status: 'appended'; nextVersion: number; positions: bigint[] }
  /** The metadata's sourceId was recorded before: nothing was appended, now or ever again. */
  | { status: 'already-recorded'; sourceId: string };

export const EVENTS_CHANNEL = 'events';
const UNIQUE_VIOLATION = '23505';
/** Raised by append_events when the stream is not at the expected version. */
const VERSION_MISMATCH = 'SC409';
const ANY_VERSION_RETRIES = 5;

const COLUMNS = 'position, transaction_id, stream_id, stream_version, type, schema_version, data, metadata, recorded_at';

/**
 * The append-only Postgres log. Appends are atomic per call and optimistic per stream (the
 * unique (stream_id, stream_version) key decides races); reads of the whole log follow
 * (transaction_id, position) and stop below the oldest transaction still running, so an event
 * whose transaction commits late is waited for, never skipped.
 */
export class EventStore {
  private notifyScheduled = false;

  constructor(
    private readonly pool: Pool,
    private readonly registry: EventRegistry,
  ) {}

  /**
   * Wakes projectors after appends commit. A NOTIFY inside the append would hold a database-wide
   * lock through each commit's WAL flush; one notification per tick, after commit, wakes them
   * just as well and lets concurrent appends commit together.
   */
  private notifyAppended(): void {
    if (this.notifyScheduled) return;
    this.notifyScheduled = true;
    setImmediate(() => {
      this.notifyScheduled = false;
      this.pool.query('select pg_notify($1, $2)', [EVENTS_CHANNEL, '']).catch(() => undefined);
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
        // With 'any' there is nothing to conflict with but a concurrent writer's version number.
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
      this.notifyAppended();
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

  async readStream(streamId: string, options: { fromVersion?: number } = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events where stream_id = $1 and stream_version >= $2 order by stream_version`,
      [streamId, options.fromVersion ?? 1],
    );
    return rows.map((row) => this.toRecorded(row));
  }

  /**
   * The next events of the whole log after `after`, in commit-safe order. Only transactions
   * older than the oldest one still running are visible, so nothing can later appear before
   * what was returned.
   */
  async readAll(after: LogCheckpoint, limit: number, options: { types?: string[] } = {}): Promise<RecordedEvent[]> {
    const params: unknown[] = [after.transactionId.toString(), after.position.toString(), limit];
    let typeFilter = '';
    if (options.types) {
      params.push(options.types);
      typeFilter = 'and type = any($4::text[])';
    }
    const { rows } = await this.pool.query<EventRow>(
      `select ${COLUMNS} from events
       where (transaction_id, position) > ($1::xid8, $2::bigint)
         and transaction_id < pg_snapshot_xmin(pg_current_snapshot())
         ${typeFilter}
       order by transaction_id, position
       limit $3`,
      params,
    );
    return rows.map((row) => this.toRecorded(row));
  }

  /** The highest position appended so far, committed or not (for progress and lag). */
  async headPosition(): Promise<bigint> {
    const { rows } = await this.pool.query<{ head: string | null }>('select max(position) as head from events');
    return BigInt(rows[0]?.head ?? 0);
  }

  /**
   * Data is upcast and validated when first read, not before: a projector that only needs the
   * envelope (type, stream, time) keeps working across event types this code does not know.
   */
  toRecorded(row: EventRow): RecordedEvent {
    const registry = this.registry;
    let decoded: { value: unknown } | undefined;
    return {
      type: row.type,
      get data() {
        decoded ??= { value: registry.decode(row.type, row.schema_version, row.data) };
        return decoded.value;
      },
      streamId: row.stream_id,
      streamVersion: row.stream_version,
      position: BigInt(row.position),
      transactionId: BigInt(row.transaction_id),
      schemaVersion: row.schema_version,
      metadata: row.metadata,
      recordedAt: row.recorded_at,
    };
  }
}
