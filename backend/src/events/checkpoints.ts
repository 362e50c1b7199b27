import type { EntityManager } from '@mikro-orm/postgresql';
import { compareCheckpoints, LOG_START, type LogCheckpoint } from './recorded-event';

export interface StoredCheckpoint extends LogCheckpoint {
  eventsApplied: bigint;
  /** False before the projector's first batch: there is no row yet. */
  stored: boolean;
}

/** Reads a projector's checkpoint (the table is resolved through search_path, see replay). */
export async function readCheckpoint(em: EntityManager, name: string, options: { lock?: boolean } = {}): Promise<StoredCheckpoint> {
  const rows = await em.execute<{ transaction_id: string; position: string; events_applied: string }[]>(
    `select transaction_id::text, position, events_applied from projector_checkpoints where name = ?${options.lock ? ' for update' : ''}`,
    [name],
  );
  const row = rows[0];
  if (!row) return { ...LOG_START, eventsApplied: 0n, stored: false };
  return { transactionId: BigInt(row.transaction_id), position: BigInt(row.position), eventsApplied: BigInt(row.events_applied), stored: true };
}

/** Reads the checkpoint with its row locked until the transaction ends, creating the row if need be. */
export async function lockCheckpoint(em: EntityManager, name: string): Promise<StoredCheckpoint> {
  const locked = await readCheckpoint(em, name, { lock: true });
  if (locked.stored) return locked;
  await em.execute('insert into projector_checkpoints (name) values (?) on conflict do nothing', [name]);
  return readCheckpoint(em, name, { lock: true });
}

export async function writeCheckpoint(em: EntityManager, name: string, checkpoint: LogCheckpoint, applied: number): Promise<void> {
  await em.execute(
    `insert into projector_checkpoints (name, transaction_id, position, events_applied, updated_at)
     values (?, ?::xid8, ?, ?, now())
     on conflict (name) do update set transaction_id = excluded.transaction_id, position = excluded.position,
       events_applied = projector_checkpoints.events_applied + excluded.events_applied, updated_at = now()`,
    [name, checkpoint.transactionId.toString(), checkpoint.position.toString(), applied],
  );
}

/**
 * Moves the checkpoint from `from` to `to` if it still stands at `from`, in one statement that
 * also row-locks it until the transaction ends (an UPDATE waiting on a replay's swap re-checks the
 * row it then finds). False if it had moved, or if there is no row yet.
 */
export async function advanceCheckpoint(em: EntityManager, name: string, from: LogCheckpoint, to: LogCheckpoint, applied: number): Promise<boolean> {
  const rows = await em.execute<{ name: string }[]>(
    `update projector_checkpoints set transaction_id = ?::xid8, position = ?, events_applied = events_applied + ?, updated_at = now()
     where name = ? and transaction_id = ?::xid8 and position = ? returning name`,
    [to.transactionId.toString(), to.position.toString(), applied, name, from.transactionId.toString(), from.position.toString()],
  );
  return rows.length === 1;
}

/**
 * Moves a reactor's checkpoint back to just before the first event (in reading order) recorded at
 * or after `since`, never forward, so that it sees every event since then again: for redoing what
 * was lost downstream (jobs Redis lost), and only for a reactor whose reactions are safe to repeat
 * (an email keyed by its event). Returns how many events of the log it will read again. A batch
 * running meanwhile finds its checkpoint moved and applies nothing (projectBatch).
 */
export async function rewindCheckpoint(em: EntityManager, name: string, since: Date): Promise<number> {
  return em.transactional(async (tx) => {
    const current = await readCheckpoint(tx, name, { lock: true });
    if (!current.stored) return 0;
    const [first] = await tx.execute<{ transaction_id: string; position: string }[]>(
      'select transaction_id::text, position from events where recorded_at >= ? order by transaction_id, position limit 1',
      [since],
    );
    if (!first) return 0;
    // A checkpoint need not be an event's: the reader goes on from anything after it.
    const target = { transactionId: BigInt(first.transaction_id), position: BigInt(first.position) - 1n };
    if (compareCheckpoints(target, current) >= 0) return 0;
    await tx.execute('update projector_checkpoints set transaction_id = ?::xid8, position = ?, updated_at = now() where name = ?', [
      target.transactionId.toString(),
      target.position.toString(),
      name,
    ]);
    const [span] = await tx.execute<{ n: string }[]>(
      'select count(*) as n from events where (transaction_id, position) > (?::xid8, ?) and (transaction_id, position) <= (?::xid8, ?)',
      [target.transactionId.toString(), target.position.toString(), current.transactionId.toString(), current.position.toString()],
    );
    return Number(span?.n ?? 0);
  });
}
