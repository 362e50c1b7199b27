import { Injectable } from '@nestjs/common';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { TaxLine } from '../../../../contracts/billing/charge-tax';
import type { CheckoutData, PurchaseCharge } from '../../../../contracts/checkout/checkout.contract';
import type { CheckoutSearch } from '../../../../contracts/checkout/checkout-search';
import type { SignedInUser } from '../auth';
import { CatalogQueries } from '../catalog';
import { checkoutMode, quantityAdjustable } from './checkout-rules';
import { paymentsReadModels } from './payments-read-models';
import { CheckoutDiscounts, type DiscountQuote, withoutCoupon } from './checkout-discounts';
import { discountAskFor } from './discount-ask';
import { PriceBook } from '../../integrations/stripe';
import type { Resource } from '../../../../contracts/catalog/resource';
import { offersTrial, TRIAL_OFFER, trialFirstChargeAt } from '../../../../contracts/checkout/trial-offer';

export type LatestState = 'paid' | 'processing' | 'waiting' | 'failed' | 'expired' | 'refunded';

const purchaseState = (status: 'paid' | 'refunded' | 'partially_refunded' | 'disputed'): LatestState =>
  status === 'refunded' || status === 'disputed' ? 'refunded' : 'paid';

const pendingState = (p: { status: 'open' | 'processing' | 'settled' | 'expired'; close_reason: string | null }): LatestState => {
  if (p.status === 'open') return 'waiting';
  if (p.status === 'processing') return 'processing';
  if (p.status === 'expired') return p.close_reason === 'payment_failed' ? 'failed' : 'expired';
  return 'paid';
};

interface Latest {
  state: LatestState;
  at: Date;
  quantity: number;
  charge: PurchaseCharge | null;
}

/** A purchase's charge as its receipt shows it; none for one recorded before tax was collected. */
function purchaseCharge(p: {
  currency: string;
  amount_cents: number;
  subtotal_cents: number | null;
  tax_cents: number | null;
  reverse_charge: boolean | null;
  tax_lines: TaxLine[] | null;
}): PurchaseCharge | null {
  if (p.subtotal_cents === null || p.tax_cents === null) return null;
  return {
    currency: p.currency,
    subtotalCents: p.subtotal_cents,
    taxCents: p.tax_cents,
    totalCents: p.amount_cents,
    reverseCharge: p.reverse_charge ?? false,
    lines: (p.tax_lines ?? []).map(({ country, state, taxType, percentage, taxabilityReason, amountCents }) => ({
      country,
      state,
      taxType,
      percentage,
      taxabilityReason,
      amountCents,
    })),
  };
}

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

  /**
   * Whether the account may start a trial: it never had a subscription (a trial is one) nor a
   * plan's license (Lifetime, a subscription's). Stripe's card check at the trial's start covers
   * a second account paying with the same card.
   */
  async trialEligible(userId: string): Promise<boolean> {
    const row = await this.db
      .selectNoFrom((eb) =>
        eb
          .or([
            eb.exists(eb.selectFrom('rm_subscriptions').select('user_id').where('user_id', '=', userId)),
            eb.exists(eb.selectFrom('rm_licenses').select('user_id').where('user_id', '=', userId)),
          ])
          .as('had'),
      )
      .executeTakeFirst();
    return !row?.had;
  }

  /** Whether the user ever paid for anything (a first-purchase-only code refuses them). */
  async hasPaid(userId: string): Promise<boolean> {
    const row = await this.db.selectFrom('rm_purchases').select('user_id').where('user_id', '=', userId).limit(1).executeTakeFirst();
    return row !== undefined;
  }

  /** The free trial the user's plan of this resource is in, if it is in one. */
  async trialOf(userId: string, resourceId: string): Promise<{ endsAt: string; amountCents: number; currency: string } | null> {
    const row = await this.db
      .selectFrom('rm_subscriptions')
      .select(['trial_ends_at', 'trial_amount_cents', 'trial_currency'])
      .where('user_id', '=', userId)
      .where('resource_id', '=', resourceId)
      .where('status', '<>', 'cancelled')
      .where('trial_ends_at', 'is not', null)
      .executeTakeFirst();
    if (!row?.trial_ends_at || row.trial_amount_cents === null || row.trial_currency === null) return null;
    return { endsAt: row.trial_ends_at.toISOString(), amountCents: row.trial_amount_cents, currency: row.trial_currency };
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
  async latest(userId: string, resourceId: string): Promise<Latest | null> {
    const [purchases, pending] = await Promise.all([
      this.db
        .selectFrom('rm_purchases')
        .select(['status', 'completed_at', 'quantity', 'currency', 'amount_cents', 'subtotal_cents', 'tax_cents', 'reverse_charge', 'tax_lines'])
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
    const happenings: Latest[] = [
      ...purchases.map((p) => ({ state: purchaseState(p.status), at: p.completed_at, quantity: p.quantity, charge: purchaseCharge(p) })),
      ...pending.map((p) => ({ state: pendingState(p), at: p.closed_at ?? p.opened_at, quantity: p.quantity, charge: null })),
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
    readonly reads: AccountReads,
    readonly prices: PriceBook,
    private readonly discounts: CheckoutDiscounts,
  ) {}

  /** The discount the page shows: a code's (or why it does not apply), else a sale's; none for what is not sold for money. */
  private async quote(user: SignedInUser, resource: Resource, quantity: number, code: string | null): Promise<DiscountQuote> {
    const mode = checkoutMode(resource);
    if (!resource.priceCents || (mode !== 'payment' && mode !== 'subscription')) return { discount: null, refusal: null };
    return this.discounts.quote(await discountAskFor(this, user.userId, resource, quantity, code));
  }

  async data(user: SignedInUser, search: CheckoutSearch): Promise<CheckoutData> {
    const resource = search.resourceId ? await this.catalog.findByIdOrSlug(search.resourceId) : undefined;
    if (!resource)
      return {
        resource: null,
        quantity: 1,
        quantityAdjustable: false,
        mode: null,
        totalCents: null,
        owned: false,
        trial: null,
        discount: null,
        codeRefusal: null,
        latest: null,
      };
    const adjustable = quantityAdjustable(resource);
    const quantity = adjustable ? (search.quantity ?? 1) : 1;
    const totalCents = resource.priceCents === null ? null : Math.max(0, resource.priceCents) * quantity;
    const [owned, found, trialEligible, quote] = await Promise.all([
      this.reads.owns(user.userId, resource.id),
      this.reads.latest(user.userId, resource.id),
      offersTrial(resource.id, quantity) ? this.reads.trialEligible(user.userId) : null,
      this.quote(user, resource, quantity, search.code ?? null),
    ]);
    // A license is projected a moment after its purchase: until it shows, the purchase is still being confirmed.
    const latest = found?.state === 'paid' && resource.type === 'license' && !owned ? null : found;
    const trial = latest?.state === 'paid' && checkoutMode(resource) === 'subscription' ? await this.reads.trialOf(user.userId, resource.id) : null;
    return {
      resource,
      quantity,
      quantityAdjustable: adjustable,
      mode: checkoutMode(resource),
      totalCents,
      owned,
      trial:
        trialEligible === null
          ? null
          : { state: trialEligible ? 'offered' : 'used', days: TRIAL_OFFER.days, firstChargeAt: trialFirstChargeAt(new Date()).toISOString() },
      discount: quote.discount ? withoutCoupon(quote.discount) : null,
      codeRefusal: quote.refusal,
      latest: latest
        ? { state: latest.state, at: latest.at.toISOString(), quantity: latest.quantity, charge: latest.state === 'paid' ? latest.charge : null, trial }
        : null,
    };
  }
}
