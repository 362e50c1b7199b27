import type { MikroORM } from '@mikro-orm/postgresql';
import type { UsageItem } from '../../../../contracts/plugin/credits-v1';
import type { ReadModelRow } from '../../platform/database/read-model-kysely';
import type { CycleAllowance } from './credits.decider';
import { type CreditTables, creditTables } from './projections/credits.entities';

export interface BalanceFigures {
  includedRemaining: number;
  addOnRemaining: number;
}

/** Balances and usage from the credit read models. */
export class CreditReads {
  constructor(private readonly orm: MikroORM) {}

  private get db() {
    return creditTables(this.orm.em);
  }

  async balance(userId: string, cycle: CycleAllowance): Promise<BalanceFigures> {
    // A sum of bigints comes back as a string (no column of that name to convert by).
    const row = await this.db
      .selectNoFrom((eb) => [
        eb
          .selectFrom('rm_credit_packs')
          .select((packs) => packs.fn.coalesce(packs.fn.sum<string>('remaining'), packs.lit(0)).as('left'))
          .where('user_id', '=', userId)
          .where('removed_at', 'is', null)
          .as('add_on'),
        eb
          .selectFrom('rm_credit_cycles')
          .select('used')
          .where('license_id', '=', cycle.licenseId)
          .where('cycle_start', '=', new Date(cycle.cycleStart))
          .as('used'),
      ])
      .executeTakeFirstOrThrow();
    return { includedRemaining: Math.max(0, cycle.allowance - Number(row.used ?? 0)), addOnRemaining: Number(row.add_on ?? 0) };
  }

  /**
   * Newest first, `limit` at a time; `before` is the previous page's last entry (its `next_before`),
   * and `next_before` is null when nothing older is left. `endpoints`: entries of any of them.
   */
  async usage(userId: string, options: { limit: number; before?: string; endpoints?: string[] }): Promise<{ items: UsageItem[]; nextBefore: string | null }> {
    const { endpoints, before } = options;
    const rows = await this.db
      .selectFrom('rm_credit_usage')
      .select(['entry_id', 'created_at', 'endpoint', 'usage_kind', 'credits', 'from_included', 'included_before', 'add_on_before', 'measures'])
      .where('user_id', '=', userId)
      .$if(Boolean(endpoints?.length), (query) => query.where('endpoint', 'in', endpoints ?? []))
      .$if(before !== undefined, (query) =>
        query.where((eb) =>
          eb(
            eb.refTuple('created_at', 'entry_id'),
            '<',
            eb
              .selectFrom('rm_credit_usage as cursor')
              .select(['cursor.created_at', 'cursor.entry_id'])
              .where('cursor.entry_id', '=', before ?? '')
              .where('cursor.user_id', '=', userId)
              .$asTuple('created_at', 'entry_id'),
          ),
        ),
      )
      .orderBy('created_at', 'desc')
      .orderBy('entry_id', 'desc')
      .limit(options.limit + 1)
      .execute();
    const page = rows.slice(0, options.limit);
    return { items: page.map(usageItem), nextBefore: rows.length > options.limit ? page.at(-1)!.entry_id : null };
  }

  /** The dashboard's view: packs with what is left, and recent entries across the account. */
  async packs(
    userId: string,
  ): Promise<Array<{ packId: string; title: string; credits: number; remaining: number; addedAt: string; removedReason: string | null }>> {
    const rows = await this.db
      .selectFrom('rm_credit_packs')
      .select(['pack_id', 'title', 'credits', 'remaining', 'added_at', 'removed_reason'])
      .where('user_id', '=', userId)
      .orderBy('added_at', 'desc')
      .execute();
    return rows.map((r) => ({
      packId: r.pack_id,
      title: r.title,
      credits: r.credits,
      remaining: r.remaining,
      addedAt: r.added_at.toISOString(),
      removedReason: r.removed_reason,
    }));
  }
}

type UsageRow = Pick<
  ReadModelRow<CreditTables, 'rm_credit_usage'>,
  'entry_id' | 'created_at' | 'endpoint' | 'usage_kind' | 'credits' | 'from_included' | 'included_before' | 'add_on_before' | 'measures'
>;

/** A usage entry as the plugin reads it: a debit's deltas are negative, and each after is before plus delta. */
function usageItem(row: UsageRow): UsageItem {
  const charged = row.credits;
  const includedDelta = -row.from_included;
  const addOnDelta = -(charged - row.from_included);
  const includedBefore = row.included_before;
  const addOnBefore = row.add_on_before;
  const m = row.measures ?? {};
  return {
    id: row.entry_id,
    created_at: row.created_at.toISOString(),
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
