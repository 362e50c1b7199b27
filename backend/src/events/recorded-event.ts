import type { EventMetadata } from './event-metadata';

/** An event as read back from the log, upcast to its current schema. */
export interface RecordedEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  streamId: string;
  streamVersion: number;
  /** Global position: unique and increasing in the order events were appended (not committed). */
  position: bigint;
  /** The appending transaction's id; (transactionId, position) is the commit-safe reading order. */
  transactionId: bigint;
  schemaVersion: number;
  metadata: EventMetadata;
  recordedAt: Date;
}

/** Where a reader of the whole log has got to. */
export interface LogCheckpoint {
  transactionId: bigint;
  position: bigint;
}

export const LOG_START: LogCheckpoint = { transactionId: 0n, position: 0n };

export interface EventRow {
  position: string;
  transaction_id: string;
  stream_id: string;
  stream_version: number;
  type: string;
  schema_version: number;
  data: unknown;
  metadata: EventMetadata;
  recorded_at: Date;
}
