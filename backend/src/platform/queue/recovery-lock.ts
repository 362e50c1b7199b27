import type { MikroORM } from '@mikro-orm/postgresql';

/** Apart from the projectors' (7301) and the streams' (7302) advisory locks. */
const LOCK_NAMESPACE = 7310;

/**
 * Runs `work` if no other worker on this queue prefix is running it: a transaction-scoped
 * Postgres advisory lock, so a worker killed mid-way lets the next one in as its connection closes.
 * Returns false, without running it, when another holds the lock.
 */
export async function whileRecoveryLocked(orm: MikroORM, queuePrefix: string, work: () => Promise<void>): Promise<boolean> {
  return orm.em.fork().transactional(async (em) => {
    const [row] = await em.execute<{ locked: boolean }[]>(`select pg_try_advisory_xact_lock(${LOCK_NAMESPACE}, hashtext(?)) as locked`, [
      `redis-recovery ${queuePrefix}`,
    ]);
    if (row?.locked !== true) return false;
    await work();
    return true;
  });
}
