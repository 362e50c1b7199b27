import type { MikroORM } from '@mikro-orm/postgresql';

export type LatestState = 'paid' | 'processing' | 'waiting' | 'failed' | 'expired' | 'refunded';

/** What the checkout page needs to know of a user's history with one resource (read models). */
export class AccountReads {
  constructor(private readonly orm: MikroORM) {}

  private get db() {
    return this.orm.em.getConnection();
  }

  /** Whether the resource is on the account now: opened, or an active plan or license for it. */
  async owns(userId: string, resourceId: string): Promise<boolean> {
    const [row] = await this.db.execute<{ owned: boolean }[]>(
      `select exists (select 1 from rm_resource_access where user_id = ? and resource_id = ? and revoked_at is null)
           or exists (select 1 from rm_subscriptions where user_id = ? and resource_id = ? and status <> 'cancelled')
           or exists (select 1 from rm_licenses where user_id = ? and resource_id = ? and status in ('active', 'past_due')) as owned`,
      [userId, resourceId, userId, resourceId, userId, resourceId],
    );
    return Boolean(row?.owned);
  }

  /** The most recent thing that happened to a purchase of this resource. */
  async latest(userId: string, resourceId: string): Promise<{ state: LatestState; at: Date; quantity: number } | null> {
    const rows = await this.db.execute<{ state: LatestState; at: Date; quantity: number }[]>(
      `select * from (
         select case when status in ('refunded', 'disputed') then 'refunded' else 'paid' end as state, completed_at as at, quantity
           from rm_purchases where user_id = ? and resource_id = ?
         union all
         select case status when 'open' then 'waiting' when 'processing' then 'processing'
                            when 'expired' then case when close_reason = 'payment_failed' then 'failed' else 'expired' end
                            else 'paid' end, coalesce(closed_at, opened_at), quantity
           from rm_pending_payments where user_id = ? and resource_id = ? and kind = 'checkout'
       ) latest order by at desc, (state = 'paid') desc limit 1`,
      [userId, resourceId, userId, resourceId],
    );
    return rows[0] ? { state: rows[0].state, at: new Date(rows[0].at), quantity: Number(rows[0].quantity) } : null;
  }
}
