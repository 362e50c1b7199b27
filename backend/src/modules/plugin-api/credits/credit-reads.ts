import type { MikroORM } from '@mikro-orm/postgresql';
import type { UsageEntry, UsageKind } from '../../../../../contracts/plugin/credits-v1';
import type { CycleAllowance } from './credit-ledger.decider';

export interface BalanceFigures {
  includedRemaining: number;
  addOnRemaining: number;
}

/** Balances and usage from the credit read models. */
export class CreditReads {
  constructor(private readonly orm: MikroORM) {}

  async balance(userId: string, cycle: CycleAllowance): Promise<BalanceFigures> {
    const rows = await this.orm.em.getConnection().execute<{ add_on: string; used: string | null }[]>(
      `select (select coalesce(sum(remaining), 0) from rm_credit_packs where user_id = ? and removed_at is null) as add_on,
              (select used from rm_credit_cycles where license_id = ? and cycle_start = ?) as used`,
      [userId, cycle.licenseId, cycle.cycleStart],
    );
    const row = rows[0]!;
    return { includedRemaining: Math.max(0, cycle.allowance - Number(row.used ?? 0)), addOnRemaining: Number(row.add_on) };
  }

  /** Newest first; `before` is an entry id from the previous page. */
  async usage(userId: string, options: { limit: number; before?: string; endpoint?: string }): Promise<{ entries: UsageEntry[]; nextBefore: string | null }> {
    const params: unknown[] = [userId];
    let where = 'user_id = ?';
    if (options.endpoint) {
      where += ' and endpoint = ?';
      params.push(options.endpoint);
    }
    if (options.before) {
      where += ' and (created_at, entry_id) < (select created_at, entry_id from rm_credit_usage where entry_id = ? and user_id = ?)';
      params.push(options.before, userId);
    }
    const rows = await this.orm.em.getConnection().execute<{ entry_id: string; created_at: Date; endpoint: string; usage_kind: UsageKind; credits: string }[]>(
      `select entry_id, created_at, endpoint, usage_kind, credits from rm_credit_usage where ${where} order by created_at desc, entry_id desc limit ?`,
      [...params, options.limit + 1],
    );
    const page = rows.slice(0, options.limit);
    return {
      entries: page.map((r) => ({ id: r.entry_id, created_at: new Date(r.created_at).toISOString(), endpoint: r.endpoint, usage_kind: r.usage_kind, credits_spent: Number(r.credits) })),
      nextBefore: rows.length > options.limit ? page.at(-1)!.entry_id : null,
    };
  }

  /** The dashboard's view: packs with what is left, and recent entries across the account. */
  async packs(userId: string): Promise<Array<{ packId: string; title: string; credits: number; remaining: number; addedAt: string; removedReason: string | null }>> {
    const rows = await this.orm.em.getConnection().execute<{ pack_id: string; title: string; credits: string; remaining: string; added_at: Date; removed_reason: string | null }[]>(
      'select pack_id, title, credits, remaining, added_at, removed_reason from rm_credit_packs where user_id = ? order by added_at desc',
      [userId],
    );
    return rows.map((r) => ({ packId: r.pack_id, title: r.title, credits: Number(r.credits), remaining: Number(r.remaining), addedAt: new Date(r.added_at).toISOString(), removedReason: r.removed_reason }));
  }
}
