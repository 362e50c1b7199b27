import type { MikroORM } from '@mikro-orm/postgresql';
import type { UsageItem, UsageKind, UsageMeasures } from '../../../../contracts/plugin/credits-v1';
import type { CycleAllowance } from './credits.decider';

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

  /**
   * Newest first, `limit` at a time; `before` is the previous page's last entry (its `next_before`),
   * and `next_before` is null when nothing older is left. `endpoints`: entries of any of them.
   */
  async usage(userId: string, options: { limit: number; before?: string; endpoints?: string[] }): Promise<{ items: UsageItem[]; nextBefore: string | null }> {
    const params: unknown[] = [userId];
    let where = 'user_id = ?';
    if (options.endpoints?.length) {
      where += ` and endpoint in (${options.endpoints.map(() => '?').join(', ')})`;
      params.push(...options.endpoints);
    }
    if (options.before) {
      where += ' and (created_at, entry_id) < (select created_at, entry_id from rm_credit_usage where entry_id = ? and user_id = ?)';
      params.push(options.before, userId);
    }
    const rows = await this.orm.em.getConnection().execute<UsageRow[]>(
      `select entry_id, created_at, endpoint, usage_kind, credits, from_included, included_before, add_on_before, measures from rm_credit_usage where ${where} order by created_at desc, entry_id desc limit ?`,
      [...params, options.limit + 1],
    );
    const page = rows.slice(0, options.limit);
    return { items: page.map(usageItem), nextBefore: rows.length > options.limit ? page.at(-1)!.entry_id : null };
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

interface UsageRow {
  entry_id: string;
  created_at: Date;
  endpoint: string;
  usage_kind: UsageKind;
  credits: string;
  from_included: string;
  included_before: string;
  add_on_before: string;
  measures: UsageMeasures | null;
}

/** A usage entry as the plugin reads it: a debit's deltas are negative, and each after is before plus delta. */
function usageItem(row: UsageRow): UsageItem {
  const charged = Number(row.credits);
  const includedDelta = -Number(row.from_included);
  const addOnDelta = -(charged - Number(row.from_included));
  const includedBefore = Number(row.included_before);
  const addOnBefore = Number(row.add_on_before);
  const m = row.measures ?? {};
  return {
    id: row.entry_id,
    created_at: new Date(row.created_at).toISOString(),
    endpoint: row.endpoint,
    usage_kind: row.usage_kind,
    duration_seconds: m.duration_seconds ?? 0,
    total_tokens: m.total_tokens ?? 0,
    input_tokens: m.input_tokens ?? 0,
    output_tokens: m.output_tokens ?? 0,
    cache_read_tokens: m.cache_read_tokens ?? 0,
    cache_write_tokens: m.cache_write_tokens ?? 0,
    page_count: m.page_count ?? 0,
    credits_charged: charged,
    included_delta: includedDelta,
    add_on_delta: addOnDelta,
    total_delta: -charged,
    included_before: includedBefore,
    included_after: includedBefore + includedDelta,
    add_on_before: addOnBefore,
    add_on_after: addOnBefore + addOnDelta,
    total_before: includedBefore + addOnBefore,
    total_after: includedBefore + addOnBefore - charged,
    raw_usd: m.raw_usd ?? 0,
    file_size_bytes: m.file_size_bytes ?? null,
    file_format: m.file_format ?? null,
    billing_formula_version: m.billing_formula_version ?? null,
    billing_credits_per_usd: m.billing_credits_per_usd ?? null,
    billing_markup_multiplier: m.billing_markup_multiplier ?? null,
    billing_credits_exact: m.billing_credits_exact ?? null,
  };
}
