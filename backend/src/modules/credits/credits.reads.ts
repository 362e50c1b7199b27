import type { EntityManager } from '@mikro-orm/postgresql';
import { creditTables } from './projections/credits.entities';

/** An account's credits left now: its licenses' included credits in their current cycles, and its packs'. */
export async function readCreditBalance(em: EntityManager, userId: string, now: Date): Promise<{ included: number; packs: number }> {
  const db = creditTables(em);
  const [cycles, packs] = await Promise.all([
    db
      .selectFrom('rm_credit_cycles')
      .select(['allowance', 'used'])
      .where('user_id', '=', userId)
      .where('cycle_start', '<=', now)
      .where('cycle_end', '>', now)
      .execute(),
    db.selectFrom('rm_credit_packs').select('remaining').where('user_id', '=', userId).where('removed_at', 'is', null).execute(),
  ]);
  return {
    included: cycles.reduce((sum, c) => sum + Math.max(c.allowance - c.used, 0), 0),
    packs: packs.reduce((sum, p) => sum + p.remaining, 0),
  };
}

// An aggregate arrives as the connection hands it over (readModelKysely converts columns by name only).
const dateOrNull = (value: Date | string | null) => (value === null ? null : new Date(value));

/** How much an account has used: debits, credits spent, and the first and last debit's time. */
export async function readCreditUsageSummary(
  em: EntityManager,
  userId: string,
): Promise<{ entries: number; credits: number; first: Date | null; last: Date | null }> {
  const row = await creditTables(em)
    .selectFrom('rm_credit_usage')
    .select((eb) => [
      eb.fn.countAll<string>().as('entries'),
      eb.fn.sum<string | null>('credits').as('credits'),
      eb.fn.min<Date | string | null>('created_at').as('first'),
      eb.fn.max<Date | string | null>('created_at').as('last'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { entries: Number(row.entries), credits: Number(row.credits ?? 0), first: dateOrNull(row.first), last: dateOrNull(row.last) };
}
