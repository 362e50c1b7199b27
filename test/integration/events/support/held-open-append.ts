import type { Pool } from 'pg';
import { metadata } from '../../../support/test-events';

/**
 * Appends one CounterIncremented as a stream's first event in a transaction that stays open for
 * `holdMs` before it commits, so events appended meanwhile commit first.
 * `idFirst`: the transaction takes its id before the hold and inserts after it, so its event gets
 * a higher position than events of younger transactions (id order and position order disagree).
 * `onOpen` is told once the transaction is open and holding (its id taken or its event inserted).
 */
export async function appendHeldOpen(pool: Pool, streamId: string, options: { holdMs: number; idFirst?: boolean; onOpen?: () => void }): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    if (options.idFirst) await client.query('select pg_current_xact_id()');
    const insert = () =>
      client.query(
        `insert into events (stream_id, stream_version, type, schema_version, data, metadata) values ($1, 1, 'CounterIncremented', 1, '{"by":1}', $2)`,
        [streamId, JSON.stringify(metadata())],
      );
    if (!options.idFirst) await insert();
    options.onOpen?.();
    // The hold is the fixture: a writer whose transaction stays open this long while others commit around it.
    await new Promise((resolve) => setTimeout(resolve, options.holdMs));
    if (options.idFirst) await insert();
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}
