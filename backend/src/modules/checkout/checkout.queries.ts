import { Injectable } from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { CheckoutData } from '../../../../contracts/checkout/checkout.contract';
import type { CheckoutSearch } from '../../../../contracts/checkout/checkout-search';
import type { SignedInUser } from '../auth';
import { CatalogQueries } from '../catalog';
import { checkoutMode, quantityAdjustable } from './checkout-rules';
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

  /** A user's checkouts of one resource still waiting to be paid. */
  openCheckouts(userId: string, resourceId: string): Promise<Array<{ id: string }>> {
    return this.db
      .selectFrom('rm_pending_payments')
      .select('id')
      .where('user_id', '=', userId)
      .where('resource_id', '=', resourceId)
      .where('kind', '=', 'checkout')
      .where('status', '=', 'open')
      .execute();
  }

  /** One of the user's pending payments (another user's is not found). */
  pendingPayment(userId: string, id: string) {
    return this.db
      .selectFrom('rm_pending_payments')
      .select(['id', 'kind', 'status', 'checkout_session_id'])
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** The user's Stripe customer, once they have one (the billing portal opens on it). */
  async stripeCustomerOf(userId: string): Promise<string | null> {
    const row = await this.db.selectFrom('rm_customers').select('customer_id').where('user_id', '=', userId).executeTakeFirst();
    return row?.customer_id ?? null;
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

/** The checkout page: the resource, its price for the quantity asked, and where the user stands with it. */
@Injectable()
export class CheckoutPageReads {
  constructor(
    private readonly catalog: CatalogQueries,
    private readonly reads: AccountReads,
  ) {}

  async data(user: SignedInUser, search: CheckoutSearch): Promise<CheckoutData> {
    const resource = search.resourceId ? await this.catalog.findByIdOrSlug(search.resourceId) : undefined;
    if (!resource) return { resource: null, quantity: 1, quantityAdjustable: false, mode: null, totalCents: null, owned: false, latest: null };
    const adjustable = quantityAdjustable(resource);
    const quantity = adjustable ? (search.quantity ?? 1) : 1;
    const [owned, found] = await Promise.all([this.reads.owns(user.userId, resource.id), this.reads.latest(user.userId, resource.id)]);
    // A license is projected a moment after its purchase: until it shows, the purchase is still being confirmed.
    const latest = found?.state === 'paid' && resource.type === 'license' && !owned ? null : found;
    return {
      resource,
      quantity,
      quantityAdjustable: adjustable,
      mode: checkoutMode(resource),
      totalCents: resource.priceCents === null ? null : Math.max(0, resource.priceCents) * quantity,
      owned,
      latest: latest ? { state: latest.state, at: latest.at.toISOString(), quantity: latest.quantity } : null,
    };
  }
}
