import type Stripe from 'stripe';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Resource } from '../../../../../contracts/catalog/resource';
import { runCommand } from '../../../events/command-runner';
import { EventStore } from '../../../events/event-store';
import {
  type ReceivedStripeEvent,
  catalogPriceMismatch,
  PriceBook,
  RefusedStripeEvent,
  StripeChargeTax,
  StripeClient,
  StripeRecords,
} from '../../../integrations/stripe';
import { CatalogQueries } from '../../catalog';
import { GrantLicense, licenseIdFor, licenseTerms, RevokeLicense } from '../../licenses';
import { SyncSubscription } from '../../subscriptions';
import { checkoutDecider, type PurchasedCheckout, type ResourceFacts, type SessionFacts } from '../checkout.decider';
import { checkoutStreamId } from '../checkout.events';
import { grantsResourceAccess } from '../checkout-rules';
import { sessionFacts } from '../fulfilment/session-facts';
import { metadataFor, objectId } from '../fulfilment/stripe-event-facts';
import { PurchaseFollowers } from '../purchase-followers';

/** Stripe's `checkout.session.completed` (or a delayed payment that cleared): the session, fulfilled. */
export class CompleteCheckout extends Command<void> {
  constructor(readonly event: ReceivedStripeEvent) {
    super();
  }
}

/**
 * Reads the session as Stripe has it (a forged payload knows no more than an id) and records what
 * is new; then makes sure what follows (a lifetime license, the modules that follow a purchase,
 * the subscription) exists. A completed session is fulfilled only at the catalog's price.
 */
@CommandHandler(CompleteCheckout)
export class CompleteCheckoutHandler implements ICommandHandler<CompleteCheckout, void> {
  private readonly records: StripeRecords;
  private readonly chargeTax: StripeChargeTax;

  constructor(
    private readonly store: EventStore,
    stripe: StripeClient,
    private readonly prices: PriceBook,
    private readonly catalog: CatalogQueries,
    private readonly followers: PurchaseFollowers,
    private readonly commands: CommandBus,
  ) {
    this.records = new StripeRecords(stripe);
    this.chargeTax = new StripeChargeTax(stripe);
  }

  async execute({ event }: CompleteCheckout): Promise<void> {
    const stripeSession = await this.records.checkoutSession(objectId(event));
    const session = sessionFacts(stripeSession);
    if (!session) return;
    const refuse = (why: string) => new RefusedStripeEvent(`checkout session ${stripeSession.id}: ${why}`);
    if (stripeSession.status !== 'complete') throw refuse(`${stripeSession.status ?? 'no status'} at Stripe, not complete`);
    const resource = await this.catalog.findByIdOrSlug(session.resourceId);
    if (!resource) throw refuse(`${session.resourceId} is not in the catalog`);
    const mismatch = catalogPriceMismatch({ ...session, amountCents: await this.billedNet(stripeSession, session) }, await this.prices.priceFor(resource.id));
    if (mismatch) throw refuse(mismatch);
    const tax = session.paymentStatus === 'unpaid' ? null : await this.chargeTax.ofSession(stripeSession);
    const facts: ResourceFacts = { type: resource.type, title: resource.title, grantsAccess: grantsResourceAccess(resource.type) };
    const { state } = await runCommand({
      store: this.store,
      streamId: checkoutStreamId(session.checkoutRef),
      decider: checkoutDecider,
      command: { type: 'CompleteCheckout', session, resource: facts, tax, at: new Date().toISOString() },
      metadata: metadataFor(event),
    });
    if (state.status === 'purchased')
      await this.followPurchase(session.checkoutRef, { ...session, stripeMetadata: { ...stripeSession.metadata } }, resource, state, event);
    if (session.subscriptionId && session.paymentStatus !== 'unpaid') await this.commands.execute(new SyncSubscription(session.subscriptionId, event, null));
  }

  /**
   * What the session bills before tax and discount, to hold against the catalog's price. Prices
   * are tax-exclusive; a discount counts only when the session names the promotion we opened it
   * with. A subscription that starts with a free trial charges nothing at checkout
   * (`no_payment_required`): what it bills each period is its subscription's price.
   */
  private async billedNet(stripeSession: Stripe.Checkout.Session, session: SessionFacts): Promise<number> {
    const discounted = session.discount ? (stripeSession.total_details?.amount_discount ?? 0) : 0;
    if (session.mode !== 'subscription' || session.paymentStatus !== 'no_payment_required' || !session.subscriptionId)
      return session.amountCents - (stripeSession.total_details?.amount_tax ?? 0) + discounted;
    const subscription = await this.records.subscription(session.subscriptionId);
    return subscription.items.data.reduce((sum, item) => sum + (item.price.unit_amount ?? 0) * (item.quantity ?? 1), 0);
  }

  /** A paid lifetime license is granted (revoked if the payment was taken back since); other modules follow. */
  private async followPurchase(
    checkoutRef: string,
    session: { userId: string; email: string | null; quantity: number; paymentIntentId: string | null; stripeMetadata: Record<string, string> },
    resource: Resource,
    state: PurchasedCheckout,
    event: ReceivedStripeEvent,
  ): Promise<void> {
    const takenBack = state.disputed ? 'dispute' : state.refunded ? 'refund' : null;
    await this.followers.purchased(
      {
        checkoutRef,
        userId: session.userId,
        resource,
        quantity: session.quantity,
        takenBack,
        stripeMetadata: session.stripeMetadata,
        paymentIntentId: session.paymentIntentId,
      },
      metadataFor(event),
    );
    if (resource.type !== 'license' || licenseTerms(resource, 1).kind !== 'lifetime') return;
    const licenseId = licenseIdFor(`checkout:${checkoutRef}`);
    const at = new Date().toISOString();
    await this.commands.execute(
      new GrantLicense(
        {
          licenseId,
          userId: session.userId,
          email: session.email,
          resource,
          quantity: session.quantity,
          source: { checkoutRef, subscriptionId: null },
          validUntil: null,
          at,
        },
        metadataFor(event),
      ),
    );
    if (state.refunded || state.disputed)
      await this.commands.execute(new RevokeLicense(licenseId, state.disputed ? 'dispute' : 'refund', at, metadataFor(event)));
  }
}
