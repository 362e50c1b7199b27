import type { MikroORM } from '@mikro-orm/postgresql';
import type { CommandOutcome } from './command-runner';
import type { AppendResult } from './event-store';

/**
 * Waits (briefly) until a projector has passed the events a command just appended, so the answer
 * to a change and the next read agree. Bounded: if the projector is behind, the caller answers
 * anyway and the read model catches up a moment later.
 */
export async function awaitProjection(orm: MikroORM, projector: string, outcome: CommandOutcome<unknown> | AppendResult, timeoutMs = 3_000): Promise<boolean> {
  if (outcome.status !== 'appended') return true;
  const last = outcome.positions.reduce((a, b) => (a > b ? a : b), 0n);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await orm.em.getConnection().execute<{ position: string }[]>('select position::text from projector_checkpoints where name = ?', [projector]);
    if (row && BigInt(row.position) >= last) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}
