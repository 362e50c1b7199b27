import { Inject } from '@nestjs/common';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resource } from '../../../../../contracts/catalog/resource';
import { AppError } from '../../../platform/common/app-error';
import { APP_CONFIG } from '../../../platform/config/config.module';
import type { AppConfig } from '../../../platform/config/config.schema';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import { EventStore } from '../../../events/event-store';
import { requestMetadata } from '../../../events/metadata-for';
import type { SignedInUser } from '../../auth';
import { CatalogQueries } from '../../catalog';
import { PlanChanges } from '../../subscriptions';
import { checkoutDecider } from '../checkout.decider';
import { AlreadyOwnedError, BookATimeError, CheckoutResourceNotFoundError, DiscountRefusedError, IncludedWithSubscriptionError } from '../checkout.errors';
import { CheckoutDiscounts } from '../checkout-discounts';
import { discountAskFor } from '../discount-ask';
import { PriceBook } from '../../../integrations/stripe';
import { checkoutStreamId } from '../checkout.events';
import { AccountReads } from '../checkout.queries';
import { checkoutRefFor } from '../checkout-ref';
import { checkoutMode, quantityAdjustable } from '../checkout-rules';
import { StripeCheckouts, stripeOutage } from '../stripe-checkouts';
import { offersTrial, TRIAL_OFFER } from '../../../../../contracts/checkout/trial-offer';
import { GrantFreeAccess } from './grant-free-access.handler';

/** A repeated click within this window reuses the same Stripe checkout (one idempotency key). */
const WINDOW_MS = 10 * 60_000;
/** Stripe checkouts close 70 minutes after their window opens: at least an hour to pay, always the same value for one key. */
const STRIPE_CHECKOUT_LIFETIME_MS = 70 * 60_000;

export type CheckoutOutcome = { outcome: 'redirect'; url: string } | { outcome: 'granted'; resourceId: string } | { outcome: 'configuration-error' };

export class OpenCheckout extends Command<CheckoutOutcome> {
  constructor(
    readonly user: SignedInUser,
    /** `code`: the promotion code the buyer typed (or a link filled in); none for the list price or an automatic sale. */
    readonly input: { resourceId: string; quantity: number; code?: string | undefined },
    readonly correlationId: string,
  ) {
    super();
  }
}

/** Starting a purchase: free resources at once, the rest through a Stripe checkout recorded as the checkout's opening. */
@CommandHandler(OpenCheckout)
export class OpenCheckoutHandler implements ICommandHandler<OpenCheckout, CheckoutOutcome> {
  constructor(
    private readonly catalog: CatalogQueries,
    readonly reads: AccountReads,
    private readonly plans: PlanChanges,
    private readonly stripeCheckouts: StripeCheckouts,
    private readonly discounts: CheckoutDiscounts,
    readonly prices: PriceBook,
    private readonly store: EventStore,
    private readonly commands: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ user, input, correlationId }: OpenCheckout): Promise<CheckoutOutcome> {
    const resource = await this.catalog.findByIdOrSlug(input.resourceId);
    if (!resource) throw new CheckoutResourceNotFoundError();
    const metadata = requestMetadata(correlationId, { kind: 'user', userId: user.userId });
    const mode = checkoutMode(resource);
    if (mode === 'free') {
      await this.commands.execute(new GrantFreeAccess(user.userId, resource.id, metadata));
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
      return await this.openStripeCheckout(user, resource, quantity, mode, input.code?.trim() || null, metadata);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const stripeError = error as { code?: string; param?: string };
      // The price was archived between the lookup and the Stripe checkout: as good as not configured.
      if (stripeError.code === 'resource_missing' && stripeError.param?.includes('price')) return { outcome: 'configuration-error' };
      throw stripeOutage(error);
    }
  }

  private async openStripeCheckout(
    user: SignedInUser,
    resource: Resource,
    quantity: number,
    mode: 'payment' | 'subscription',
    code: string | null,
    metadata: EventMetadata,
  ): Promise<CheckoutOutcome> {
    const windowStart = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS;
    // One trial per account, checked here; one per card, when the trial starts (CheckTrialCard).
    const trial = mode === 'subscription' && offersTrial(resource.id, quantity) && (await this.reads.trialEligible(user.userId));
    const ask = await discountAskFor(this, user.userId, resource, quantity, code);
    const { discount, refusal } = await this.discounts.quote(ask);
    if (refusal) throw new DiscountRefusedError(refusal.message);
    const checkoutRef = await checkoutRefFor(this.store, {
      userId: user.userId,
      resourceId: resource.id,
      quantity,
      windowStart,
      trial,
      promotionId: discount?.promotionId ?? null,
    });
    const expiresAt = Math.floor((windowStart + STRIPE_CHECKOUT_LIFETIME_MS) / 1000);
    if (discount) {
      const refused = await this.discounts.hold(checkoutRef, discount, ask, new Date(expiresAt * 1000).toISOString(), metadata);
      if (refused) throw new DiscountRefusedError(refused.message);
    }
    const back = (status: string) => {
      const url = new URL('/checkout', this.config.PUBLIC_URL);
      url.search = new URLSearchParams({ resourceId: resource.id, quantity: String(quantity), status }).toString();
      return url.toString();
    };
    const started = await this.stripeCheckouts
      .open(user, resource, quantity, mode, metadata.correlationId, {
        checkoutRef,
        expiresAt,
        extraMetadata: {},
        back,
        ...(trial ? { trialDays: TRIAL_OFFER.days } : {}),
        ...(discount ? { discount } : {}),
      })
      .catch(async (error: unknown) => {
        // No Stripe session took the promotion: its hold is free again at once, not when it would have lapsed.
        if (discount) await this.discounts.release(checkoutRef, discount, metadata);
        throw error;
      });
    if (started.outcome === 'configuration-error') {
      if (discount) await this.discounts.release(checkoutRef, discount, metadata);
      return started;
    }
    await runCommand({
      store: this.store,
      streamId: checkoutStreamId(checkoutRef),
      decider: checkoutDecider,
      command: { type: 'OpenCheckout', pending: started.pending },
      metadata,
    });
    return { outcome: 'redirect', url: started.url };
  }
}
