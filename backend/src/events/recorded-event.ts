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

/**
 * Where a reader of the whole log has got to. Both parts are needed: the log is read in
 * (transactionId, position) order, in which positions alone go up and down.
 */
export interface LogCheckpoint {
  transactionId: bigint;
  position: bigint;
}

export const LOG_START: LogCheckpoint = { transactionId: 0n, position: 0n };

/** Negative, zero or positive as `a` comes before, at or after `b` in reading order. */
export function compareCheckpoints(a: LogCheckpoint, b: LogCheckpoint): number {
  if (a.transactionId !== b.transactionId) return a.transactionId < b.transactionId ? -1 : 1;
  if (a.position !== b.position) return a.position < b.position ? -1 : 1;
  return 0;
}

export function laterOf(a: LogCheckpoint, b: LogCheckpoint): LogCheckpoint {
  return compareCheckpoints(a, b) >= 0 ? a : b;
}

/** A page of the log: its events, where to read on from, and whether it reached the end. */
export interface LogPage {
  events: RecordedEvent[];
  next: LogCheckpoint;
  /** Nothing more is readable now. */
  caughtUp: boolean;
  /** Committed events (of the types read) wait beyond the end for an older transaction to finish. */
  heldBack: boolean;
}

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
