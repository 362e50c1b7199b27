import type { MikroORM } from '@mikro-orm/postgresql';
import { paymentsReadModels } from './payments-read-models';

export type LatestState = 'paid' | 'processing' | 'waiting' | 'failed' | 'expired' | 'refunded';

const purchaseState = (status: 'paid' | 'refunded' | 'partially_refunded' | 'disputed'): LatestState =>
  status === 'refunded' || status === 'disputed' ? 'refunded' : 'paid';

const pendingState = (p: { status: 'open' | 'processing' | 'settled' | 'expired'; close_reason: string | null }): LatestState => {
  if (p.status === 'open') return 'waiting';
  if (p.status === 'processing') return 'processing';
  if (p.status === 'expired') return p.close_reason === 'payment_failed' ? 'failed' : 'expired';
  return 'paid';
};

/** What the checkout page needs to know of a user's history with one resource (read models). */
export class AccountReads {
  constructor(private readonly orm: MikroORM) {}

  private get db() {
    return paymentsReadModels(this.orm.em);
  }

  /** Whether the resource is on the account now: opened, or an active plan or license for it. */
  async owns(userId: string, resourceId: string): Promise<boolean> {
    const row = await this.db
      .selectNoFrom((eb) =>
        eb
          .or([
            eb.exists(
              eb
                .selectFrom('rm_resource_access')
                .select('user_id')
                .where('user_id', '=', userId)
                .where('resource_id', '=', resourceId)
                .where('revoked_at', 'is', null),
            ),
            eb.exists(
              eb
                .selectFrom('rm_subscriptions')
                .select('user_id')
                .where('user_id', '=', userId)
                .where('resource_id', '=', resourceId)
                .where('status', '<>', 'cancelled'),
            ),
            eb.exists(
              eb
                .selectFrom('rm_licenses')
                .select('user_id')
                .where('user_id', '=', userId)
                .where('resource_id', '=', resourceId)
                .where('status', 'in', ['active', 'past_due']),
            ),
          ])
          .as('owned'),
      )
      .executeTakeFirst();
    return Boolean(row?.owned);
  }

  /** The most recent thing that happened to a purchase of this resource (at the same moment, a payment wins). */
  async latest(userId: string, resourceId: string): Promise<{ state: LatestState; at: Date; quantity: number } | null> {
    const [purchases, pending] = await Promise.all([
      this.db
        .selectFrom('rm_purchases')
        .select(['status', 'completed_at', 'quantity'])
        .where('user_id', '=', userId)
        .where('resource_id', '=', resourceId)
        .execute(),
      this.db
        .selectFrom('rm_pending_payments')
        .select(['status', 'close_reason', 'closed_at', 'opened_at', 'quantity'])
        .where('user_id', '=', userId)
        .where('resource_id', '=', resourceId)
        .where('kind', '=', 'checkout')
        .execute(),
    ]);
    const happenings: Array<{ state: LatestState; at: Date; quantity: number }> = [
      ...purchases.map((p) => ({ state: purchaseState(p.status), at: p.completed_at, quantity: p.quantity })),
      ...pending.map((p) => ({ state: pendingState(p), at: p.closed_at ?? p.opened_at, quantity: p.quantity })),
    ];
    happenings.sort((a, b) => b.at.getTime() - a.at.getTime() || Number(b.state === 'paid') - Number(a.state === 'paid'));
    return happenings[0] ?? null;
  }
}
