import type { MikroORM } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { Resource } from '../../../../../contracts/catalog/resource';
import type { PlanChangeView, PlanStanding } from '../../../../../contracts/subscriptions/subscriptions.contract';
import { AppError, UnavailableError } from '../../../platform/common/app-error';
import type { SignedInUser } from '../../auth';
import type { CatalogQueries } from '../../catalog';
import { licenseTerms } from '../../licenses';
import { planReadModels } from '../plan-read-models';
import type { PriceBook, StripeClient } from '../../../integrations/stripe';
import {
  CardDeclinedError,
  LifetimeIncludesPlanError,
  NotASwitchError,
  PlanAlreadyActiveError,
  PlanChangeIsASwitchError,
  PlanChangeOverdueError,
  PlanNotFoundError,
  PlanPreviewStaleError,
  type PlanChangeRefusedError,
} from '../subscriptions.errors';
import { currentPlan, planChange, type PlanChange, type WantedPlan } from './plan-change';
import { readHeldPlans } from './plan-holdings';
import { planMessages } from './plan-messages';

/** A preview older than this is not confirmed: the page is reloaded for fresh amounts. */
const PREVIEW_VALID_S = 30 * 60;
const BEHAVIOR = 'always_invoice' as const;

/**
 * One plan per account: what buying a plan means next to the plan held (see `planChange`), the
 * proration preview, and the switch itself through Stripe's subscription update. The update's
 * webhooks (customer.subscription.updated, invoice.paid) are what change our records.
 */
export class PlanChanges {
  constructor(
    private readonly catalog: CatalogQueries,
    private readonly prices: PriceBook,
    private readonly stripe: StripeClient,
    private readonly orm: MikroORM,
  ) {}

  /** The change for a plan resource; null for anything that is not a plan. */
  async decide(userId: string, resource: Resource, quantity: number): Promise<{ change: PlanChange; wanted: WantedPlan } | null> {
    if (resource.type !== 'license') return null;
    const terms = licenseTerms(resource, 1);
    const yearly = resource.metadata.billingInterval === 'year';
    const wanted: WantedPlan = { resourceId: resource.id, title: resource.title, plan: terms.plan, kind: terms.kind, quantity, yearly };
    return { change: planChange(await readHeldPlans(this.orm, userId), wanted), wanted };
  }

  /** The plan the account holds now, for the plans page; null without one. */
  async standing(userId: string): Promise<PlanStanding | null> {
    const held = currentPlan(await readHeldPlans(this.orm, userId));
    if (!held) return null;
    const { resourceId, title, kind, quantity, paidUp, cancelAt } = held;
    return { resourceId, title, kind, quantity, paidUp, cancelAt };
  }

  async view(user: SignedInUser, resourceId: string, quantity: number): Promise<PlanChangeView | null> {
    const resource = await this.catalog.findByIdOrSlug(resourceId);
    if (!resource) return null;
    const decided = await this.decide(user.userId, resource, quantity);
    if (!decided) return null;
    const { change, wanted } = decided;
    switch (change.kind) {
      case 'new':
        return { kind: 'new' };
      case 'same':
      case 'lifetime-held':
      case 'overdue': {
        const refusal = this.refusal(change, wanted);
        return { kind: 'refused', code: refusal.code, message: refusal.message, heldTitle: change.held.title };
      }
      case 'to-lifetime':
        return { kind: 'to-lifetime', heldTitle: change.held.title, endsAt: change.held.currentPeriodEnd!, message: planMessages.toLifetime(change.held) };
      case 'switch': {
        const { newPeriod, ...preview } = await this.preview(change, wanted);
        return {
          kind: 'switch',
          direction: change.direction,
          heldTitle: change.held.title,
          heldQuantity: change.held.quantity,
          message: planMessages.switch(change.direction, change.held, wanted, {
            cents: preview.nextAmountCents,
            currency: preview.currency,
            renewsAt: preview.renewsAt,
            creditCents: preview.creditCents,
            dueCents: preview.amountDueCents,
            newPeriod,
            trialEndsAt: preview.trialEndsAt,
          }),
          preview,
        };
      }
    }
  }

  /** Before a new Stripe Checkout for a plan: only a new plan or Lifetime over a monthly plan open one. */
  async guardCheckout(user: SignedInUser, resource: Resource, quantity: number): Promise<void> {
    const decided = await this.decide(user.userId, resource, quantity);
    if (!decided || decided.change.kind === 'new' || decided.change.kind === 'to-lifetime') return;
    if (decided.change.kind === 'switch') throw new PlanChangeIsASwitchError(decided.change.held.title);
    throw this.refusal(decided.change, decided.wanted);
  }

  /** Switches the subscription to the plan and seats at the amounts the preview showed for `prorationDate`. */
  async change(user: SignedInUser, input: { resourceId: string; quantity: number; prorationDate: number }): Promise<{ resourceId: string; quantity: number }> {
    const resource = await this.catalog.findByIdOrSlug(input.resourceId);
    if (!resource) throw new PlanNotFoundError();
    const decided = await this.decide(user.userId, resource, input.quantity);
    if (!decided || decided.change.kind === 'new' || decided.change.kind === 'to-lifetime') throw new NotASwitchError();
    const { change, wanted } = decided;
    if (change.kind !== 'switch') throw this.refusal(change, wanted);
    const { subscription, itemId, priceId } = await this.subscriptionAndPrice(change.held.subscriptionId!, resource.id);
    // Stripe's time for it (a test clock's), and the preview's date inside the period it prorates (a renewal since makes it stale).
    const age = (await this.stripe.nowFor(subscription)) - input.prorationDate;
    if (age < -60 || age > PREVIEW_VALID_S || input.prorationDate < subscription.items.data[0]!.current_period_start) throw new PlanPreviewStaleError();
    try {
      await this.stripe.api.subscriptions.update(
        subscription.id,
        {
          items: [{ id: itemId, price: priceId, quantity: wanted.quantity }],
          proration_behavior: BEHAVIOR,
          proration_date: input.prorationDate,
          payment_behavior: 'error_if_incomplete',
          ...(change.held.cancelAt ? { cancel_at_period_end: false } : {}),
          metadata: { resourceId: resource.id, quantity: String(wanted.quantity) },
        },
        { idempotencyKey: `plan-change-${subscription.id}-${resource.id}-${wanted.quantity}-${input.prorationDate}` },
      );
    } catch (error) {
      throw this.stripeFailure(error);
    }
    await this.untilRecorded(subscription.id, resource.id, wanted.quantity);
    return { resourceId: resource.id, quantity: wanted.quantity };
  }

  private async preview(change: Extract<PlanChange, { kind: 'switch' }>, wanted: WantedPlan) {
    const { subscription, itemId, priceId, customer } = await this.subscriptionAndPrice(change.held.subscriptionId!, wanted.resourceId);
    const prorationDate = await this.stripe.nowFor(subscription);
    let invoice: Stripe.Invoice;
    try {
      invoice = await this.stripe.api.invoices.createPreview({
        customer,
        subscription: subscription.id,
        subscription_details: {
          items: [{ id: itemId, price: priceId, quantity: wanted.quantity }],
          proration_behavior: BEHAVIOR,
          proration_date: prorationDate,
        },
      });
    } catch (error) {
      throw this.stripeFailure(error);
    }
    const price = await this.prices.priceFor(wanted.resourceId);
    const item = subscription.items.data[0]!;
    // A price of another interval (monthly → annual) starts a new period at once: it renews when that period ends.
    const periodEnd = Math.max(item.current_period_end, ...invoice.lines.data.map((line) => line.period.end));
    return {
      prorationDate,
      lines: invoice.lines.data.map((line) => ({ description: line.description ?? '', amountCents: line.amount })),
      amountDueCents: invoice.amount_due,
      creditCents: Math.max(0, -invoice.total),
      currency: invoice.currency,
      nextAmountCents: (price?.unitAmount ?? 0) * wanted.quantity,
      renewsAt: new Date(periodEnd * 1000).toISOString(),
      // A trial keeps its end: the new price and seats bill from then.
      trialEndsAt: subscription.status === 'trialing' && subscription.trial_end ? new Date(subscription.trial_end * 1000).toISOString() : null,
      newPeriod: periodEnd !== item.current_period_end,
    };
  }

  private async subscriptionAndPrice(subscriptionId: string, resourceId: string) {
    try {
      const [subscription, price] = await Promise.all([this.stripe.api.subscriptions.retrieve(subscriptionId), this.prices.priceFor(resourceId)]);
      const item = subscription.items.data[0];
      if (!item || !price?.recurring) throw new UnavailableError('This plan cannot be changed to right now: its price is not configured. Nothing was charged.');
      return {
        subscription,
        itemId: item.id,
        priceId: price.id,
        customer: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
      };
    } catch (error) {
      throw this.stripeFailure(error);
    }
  }

  private refusal(change: Extract<PlanChange, { kind: 'same' | 'lifetime-held' | 'overdue' }>, wanted: WantedPlan): PlanChangeRefusedError {
    if (change.kind === 'same')
      return new PlanAlreadyActiveError(change.held.kind === 'lifetime' ? planMessages.sameLifetime() : planMessages.sameMonthly(change.held));
    if (change.kind === 'lifetime-held') return new LifetimeIncludesPlanError(planMessages.lifetimeHeld(wanted));
    return new PlanChangeOverdueError(planMessages.overdue(change.held));
  }

  private stripeFailure(error: unknown): unknown {
    if (error instanceof AppError) return error;
    const type = (error as { type?: string }).type;
    if (type === 'StripeConnectionError' || type === 'StripeAPIError' || type === 'StripeRateLimitError')
      return new UnavailableError('We cannot reach our payment provider right now. Nothing was charged; please try again in a minute.');
    if (type === 'StripeCardError') return new CardDeclinedError();
    return error;
  }

  /** The change is ours once Stripe's webhook for it has been recorded and projected; waits a little for that. */
  private async untilRecorded(subscriptionId: string, resourceId: string, quantity: number): Promise<void> {
    for (let i = 0; i < 150; i += 1) {
      const recorded = await planReadModels(this.orm.em)
        .selectFrom('rm_subscriptions as s')
        .innerJoin('rm_licenses as l', 'l.license_id', 's.license_id')
        .select('s.subscription_id')
        .where('s.subscription_id', '=', subscriptionId)
        .where('s.resource_id', '=', resourceId)
        .where('s.quantity', '=', quantity)
        .where('l.resource_id', '=', resourceId)
        .executeTakeFirst();
      if (recorded) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
