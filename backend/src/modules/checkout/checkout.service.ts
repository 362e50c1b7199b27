import { createHash } from 'node:crypto';
import type { Resource } from '../../../../contracts/catalog/resource';
import type { CheckoutData } from '../../../../contracts/checkout/checkout.contract';
import type { CheckoutSearch } from '../../../../contracts/checkout/checkout-search';
import { AppError, UnavailableError } from '../../platform/common/app-error';
import type { MikroORM } from '@mikro-orm/postgresql';
import { runCommand } from '../../events/command-runner';
import { awaitProjection } from '../../events/projection-wait';
import type { EventMetadata } from '../../events/event-metadata';
import type { EventStore } from '../../events/event-store';
import type { SignedInUser } from '../auth/auth';
import type { CatalogQueries } from '../catalog/catalog.queries';
import type { StripeCustomers } from './customers/stripe-customers';
import type { AccountReads } from './checkout.queries';
import { checkoutDecider, checkoutPendingPaymentId } from './checkout.decider';
import { grantFreeAccess } from './commands/free-access';
import { checkoutStreamId } from './checkout.events';
import type { PriceBook } from '../../integrations/stripe/price-book';
import type { StripeClient } from '../../integrations/stripe/stripe-client';
import type { PlanChanges } from '../subscriptions/plans/plan-changes';
import { AlreadyOwnedError, BookATimeError, CheckoutResourceNotFoundError, IncludedWithSubscriptionError } from './checkout.errors';
import { checkoutRefFor } from './checkout-ref';
import { checkoutMode, quantityAdjustable } from './checkout-rules';

/** A repeated click within this window reuses the same Checkout Session (one idempotency key). */
const WINDOW_MS = 10 * 60_000;
/** Sessions close 70 minutes after their window opens: at least an hour to pay, always the same value for one key. */
const SESSION_LIFETIME_MS = 70 * 60_000;

export type CheckoutOutcome = { outcome: 'redirect'; url: string } | { outcome: 'granted'; resourceId: string } | { outcome: 'configuration-error' };

/** Starting a purchase: free resources at once, the rest through a Stripe Checkout Session. */
export class CheckoutService {
  constructor(
    private readonly catalog: CatalogQueries,
    private readonly prices: PriceBook,
    private readonly customers: StripeCustomers,
    private readonly stripe: StripeClient,
    private readonly store: EventStore,
    private readonly reads: AccountReads,
    private readonly orm: MikroORM,
    private readonly publicUrl: string,
    private readonly plans: PlanChanges,
  ) {}

  async data(user: SignedInUser, search: CheckoutSearch): Promise<CheckoutData> {
    const resource = search.resourceId ? await this.catalog.findByIdOrSlug(search.resourceId) : undefined;
    if (!resource) return { resource: null, quantity: 1, quantityAdjustable: false, mode: null, totalCents: null, owned: false, latest: null };
    const adjustable = quantityAdjustable(resource);
    const quantity = adjustable ? (search.qty ?? 1) : 1;
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

  async initiate(user: SignedInUser, input: { resourceId: string; quantity: number }, correlationId: string): Promise<CheckoutOutcome> {
    const resource = await this.catalog.findByIdOrSlug(input.resourceId);
    if (!resource) throw new CheckoutResourceNotFoundError();
    const metadata: EventMetadata = { correlationId, causationId: null, actor: { kind: 'user', userId: user.userId } };
    const mode = checkoutMode(resource);
    if (mode === 'free') {
      await awaitProjection(this.orm, 'PurchasesProjector', await grantFreeAccess(this.store, user.userId, resource.id, metadata));
      return { outcome: 'granted', resourceId: resource.id };
    }
    if (resource.type === 'session') throw new BookATimeError(resource.title);
    if (mode === 'included') throw new IncludedWithSubscriptionError(resource.title);
    if (!quantityAdjustable(resource) && (await this.reads.owns(user.userId, resource.id))) {
      throw new AlreadyOwnedError(resource.title);
    }
    const quantity = quantityAdjustable(resource) ? input.quantity : 1;
    // One plan per account: the same plan, or a monthly one over Lifetime, is refused; a switch is made on the subscription.
    await this.plans.guardCheckout(user, resource, quantity);
    try {
      return await this.openSession(user, resource, quantity, mode, metadata);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const stripeError = error as { type?: string; code?: string; param?: string };
      // The price was archived between the lookup and the session: as good as not configured.
      if (stripeError.code === 'resource_missing' && stripeError.param?.includes('price')) return { outcome: 'configuration-error' };
      if (stripeError.type === 'StripeConnectionError' || stripeError.type === 'StripeAPIError' || stripeError.type === 'StripeRateLimitError') {
        throw new UnavailableError('We cannot reach our payment provider right now. Nothing was charged; please try again in a minute.');
      }
      throw error;
    }
  }

  /**
   * A one-time payment for something another module holds for the buyer (a booked time): the
   * session closes when the hold lapses, and Stripe's metadata carries the module's references.
   */
  async openHeldCheckout(
    user: SignedInUser,
    resource: Resource,
    hold: { ref: string; expiresAt: Date; stripeMetadata: Record<string, string>; back: (status: 'success' | 'cancelled') => string },
    correlationId: string,
  ): Promise<Exclude<CheckoutOutcome, { outcome: 'granted' }>> {
    const metadata: EventMetadata = { correlationId, causationId: null, actor: { kind: 'user', userId: user.userId } };
    const checkoutRef = CheckoutService.heldCheckoutRef(hold.ref);
    try {
      const outcome = await this.startSession(user, resource, 1, 'payment', metadata, {
        checkoutRef,
        expiresAt: Math.floor(hold.expiresAt.getTime() / 1000),
        extraMetadata: hold.stripeMetadata,
        back: hold.back,
      });
      return outcome.outcome === 'granted' ? { outcome: 'configuration-error' } : outcome;
    } catch (error) {
      throw this.stripeFailure(error);
    }
  }

  /** The ref a held checkout gets, known before Stripe is called (so the hold can name it). */
  static heldCheckoutRef(holdRef: string): string {
    return `chk_${createHash('sha256').update(`held|${holdRef}`).digest('hex').slice(0, 24)}`;
  }

  private stripeFailure(error: unknown): unknown {
    if (error instanceof AppError) return error;
    const stripeError = error as { type?: string };
    if (stripeError.type === 'StripeConnectionError' || stripeError.type === 'StripeAPIError' || stripeError.type === 'StripeRateLimitError') {
      return new UnavailableError('We cannot reach our payment provider right now. Nothing was charged; please try again in a minute.');
    }
    return error;
  }

  private async openSession(
    user: SignedInUser,
    resource: Resource,
    quantity: number,
    mode: 'payment' | 'subscription',
    metadata: EventMetadata,
  ): Promise<CheckoutOutcome> {
    const windowStart = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
    const checkoutRef = await checkoutRefFor(this.store, { userId: user.userId, resourceId: resource.id, quantity, windowStart });
    const back = (status: string) => {
      const url = new URL('/checkout', this.publicUrl);
      url.search = new URLSearchParams({ resourceId: resource.id, qty: String(quantity), status }).toString();
      return url.toString();
    };
    return this.startSession(user, resource, quantity, mode, metadata, {
      checkoutRef,
      expiresAt: Math.floor((windowStart + SESSION_LIFETIME_MS) / 1000),
      extraMetadata: {},
      back,
    });
  }

  private async startSession(
    user: SignedInUser,
    resource: Resource,
    quantity: number,
    mode: 'payment' | 'subscription',
    metadata: EventMetadata,
    options: { checkoutRef: string; expiresAt: number; extraMetadata: Record<string, string>; back: (status: 'success' | 'cancelled') => string },
  ): Promise<CheckoutOutcome> {
    const { checkoutRef, expiresAt, back } = options;
    const price = await this.prices.priceFor(resource.id);
    if (!price || price.recurring !== (mode === 'subscription')) return { outcome: 'configuration-error' };
    const customer = await this.customers.forUser(user, metadata.correlationId);
    const stripeMetadata = {
      ...options.extraMetadata,
      checkoutRef,
      userId: user.userId,
      resourceId: resource.id,
      quantity: String(quantity),
      ...(user.email ? { email: user.email } : {}),
    };
    const session = await this.stripe.api.checkout.sessions.create(
      {
        mode,
        customer,
        client_reference_id: user.userId,
        line_items: [{ price: price.id, quantity }],
        success_url: back('success'),
        cancel_url: back('cancelled'),
        metadata: stripeMetadata,
        ...(mode === 'payment' ? { payment_intent_data: { metadata: stripeMetadata } } : { subscription_data: { metadata: stripeMetadata } }),
        expires_at: expiresAt,
      },
      { idempotencyKey: `checkout-session-${checkoutRef}` },
    );
    if (!session.url) return { outcome: 'configuration-error' };
    await runCommand({
      store: this.store,
      streamId: checkoutStreamId(checkoutRef),
      decider: checkoutDecider,
      command: {
        type: 'OpenCheckout',
        pending: {
          pendingPaymentId: checkoutPendingPaymentId(checkoutRef),
          userId: user.userId,
          resourceId: resource.id,
          quantity,
          kind: 'checkout',
          amountCents: session.amount_total ?? (price.unitAmount ?? 0) * quantity,
          currency: session.currency ?? price.currency,
          payUrl: session.url,
          checkoutSessionId: session.id,
          expiresAt: new Date(expiresAt * 1000).toISOString(),
          openedAt: new Date().toISOString(),
        },
      },
      metadata,
    });
    return { outcome: 'redirect', url: session.url };
  }
}
