import type { Queryable } from './event-store';

export interface CheckpointEntry {
  transactionId: string;
  position: string;
  eventsApplied: number;
  updatedAt: Date;
}

/** Every stored projector and reactor checkpoint, by name. */
export async function readCheckpointList(queryable: Queryable): Promise<Map<string, CheckpointEntry>> {
  const { rows } = await queryable.query<{ name: string; transaction_id: string; position: string; events_applied: string; updated_at: Date }>(
    'select name, transaction_id::text, position, events_applied, updated_at from projector_checkpoints',
  );
  return new Map(
    rows.map((row) => [
      row.name,
      { transactionId: row.transaction_id, position: row.position, eventsApplied: Number(row.events_applied), updatedAt: row.updated_at },
    ]),
  );
}
