import type { Resource } from '../../../../../contracts/catalog/resource';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import type { EventStore } from '../../../events/event-store';
import type { CatalogQueries } from '../../catalog';
import {
  type ReceivedStripeEvent,
  type PriceBook,
  type StripeClient,
  RefusedStripeEvent,
  catalogPriceMismatch,
  invoiceFacts,
  invoiceSubscriptionId,
  isoFromSeconds,
  ourMetadata,
  sessionFacts,
  stripeIdOf,
  subscriptionPeriodEnd,
  StripeRecords,
} from '../../../integrations/stripe';
import type { PurchaseFollowers } from '../purchase-followers';
import { grantsResourceAccess } from '../checkout-rules';
import { licenseTerms, licenseIdFor, type Licenses } from '../../licenses';
import { checkoutDecider, type CheckoutCommand, type CheckoutState, type ResourceFacts } from '../checkout.decider';
import { checkoutStreamId } from '../checkout.events';
import { subscriptionDecider, type SubscriptionCommand, type SubscriptionSnapshot, subscriptionStreamId } from '../../subscriptions';

/** A Stripe event that needs another to be handled first (a refund before its purchase): retried later. */
export class NotYetError extends Error {}

const metadataFor = (event: ReceivedStripeEvent): EventMetadata => ({ correlationId: event.id, causationId: event.id, actor: { kind: 'stripe' } });
/** The id of the object an event is about: all the payload is trusted for. */
const objectId = (event: ReceivedStripeEvent): unknown => (event.payload as { data?: { object?: { id?: unknown } } } | null)?.data?.object?.id;

/**
 * Turns Stripe's events into ours. Each handler reads the object its event names from Stripe's API
 * (a forged payload knows no more than an id), states what Stripe says now and lets the stream's
 * decider record only what is new; then it makes sure what follows (a license, its term, its
 * revocation) exists. Any order, any number of deliveries, end in the same place.
 */
export class Fulfilment {
  private readonly records: StripeRecords;

  constructor(
    private readonly store: EventStore,
    stripe: StripeClient,
    private readonly prices: PriceBook,
    private readonly catalog: CatalogQueries,
    private readonly licenses: Licenses,
    private readonly followers: PurchaseFollowers,
  ) {
    this.records = new StripeRecords(stripe);
  }

  /** A completed session is fulfilled only as Stripe has it, and only at the catalog's price. */
  async checkoutCompleted(event: ReceivedStripeEvent): Promise<void> {
    const stripeSession = await this.records.checkoutSession(objectId(event));
    const session = sessionFacts(stripeSession);
    if (!session) return;
    const refuse = (why: string) => new RefusedStripeEvent(`checkout session ${stripeSession.id}: ${why}`);
    if (stripeSession.status !== 'complete') throw refuse(`${stripeSession.status ?? 'no status'} at Stripe, not complete`);
    const resource = await this.catalog.findByIdOrSlug(session.resourceId);
    if (!resource) throw refuse(`${session.resourceId} is not in the catalog`);
    const mismatch = catalogPriceMismatch(session, await this.prices.priceFor(resource.id));
    if (mismatch) throw refuse(mismatch);
    const facts: ResourceFacts = { type: resource.type, title: resource.title, grantsAccess: grantsResourceAccess(resource.type) };
    const state = await this.checkout(session.checkoutRef, { type: 'CompleteCheckout', session, resource: facts, at: new Date().toISOString() }, event);
    if (state.purchased) await this.followPurchase(session.checkoutRef, { ...session, stripeMetadata: { ...stripeSession.metadata } }, resource, state, event);
    if (session.subscriptionId && session.paymentStatus === 'paid') await this.syncSubscription(session.subscriptionId, event, null);
  }

  async asyncPaymentFailed(event: ReceivedStripeEvent): Promise<void> {
    const session = await this.records.checkoutSession(objectId(event));
    const stripeMetadata = { ...session.metadata };
    const ours = ourMetadata(stripeMetadata);
    if (!ours) return;
    if (session.payment_status === 'paid') throw new RefusedStripeEvent(`checkout session ${session.id}: paid at Stripe, its payment did not fail`);
    await this.checkout(
      ours.checkoutRef,
      { type: 'FailAsyncPayment', checkoutRef: ours.checkoutRef, userId: ours.userId, at: new Date().toISOString() },
      event,
    );
    await this.followers.closedUnpaid({ checkoutRef: ours.checkoutRef, userId: ours.userId, reason: 'payment_failed', stripeMetadata }, metadataFor(event));
  }

  async checkoutExpired(event: ReceivedStripeEvent): Promise<void> {
    const session = await this.records.checkoutSession(objectId(event));
    const stripeMetadata = { ...session.metadata };
    const ours = ourMetadata(stripeMetadata);
    if (!ours) return;
    if (session.status !== 'expired') throw new RefusedStripeEvent(`checkout session ${session.id}: ${session.status ?? 'no status'} at Stripe, not expired`);
    await this.checkout(ours.checkoutRef, { type: 'ExpireCheckout', checkoutRef: ours.checkoutRef, userId: ours.userId, at: new Date().toISOString() }, event);
    await this.followers.closedUnpaid({ checkoutRef: ours.checkoutRef, userId: ours.userId, reason: 'expired', stripeMetadata }, metadataFor(event));
  }

  async invoicePaid(event: ReceivedStripeEvent): Promise<void> {
    const invoice = await this.records.invoice(objectId(event));
    if (invoice.status !== 'paid') throw new RefusedStripeEvent(`invoice ${invoice.id}: ${invoice.status ?? 'no status'} at Stripe, not paid`);
    const subscriptionId = invoiceSubscriptionId(invoice);
    if (subscriptionId) await this.syncSubscription(subscriptionId, event, { type: 'RecordPaidInvoice', invoice: invoiceFacts(invoice) });
  }

  async invoicePaymentFailed(event: ReceivedStripeEvent): Promise<void> {
    const invoice = await this.records.invoice(objectId(event));
    const subscriptionId = invoiceSubscriptionId(invoice);
    // Paid since (a later attempt went through): there is no failure left to record.
    if (subscriptionId)
      await this.syncSubscription(subscriptionId, event, invoice.status === 'paid' ? null : { type: 'RecordFailedInvoice', invoice: invoiceFacts(invoice) });
  }

  async subscriptionChanged(event: ReceivedStripeEvent): Promise<void> {
    await this.syncSubscription(objectId(event), event, null);
  }

  async chargeRefunded(event: ReceivedStripeEvent): Promise<void> {
    const charge = await this.records.charge(objectId(event));
    const ours = await this.paymentIntentMetadata(stripeIdOf(charge.payment_intent));
    if (!ours) return;
    const state = await this.checkout(
      ours.checkoutRef,
      { type: 'RefundPurchase', chargeId: charge.id, amountRefundedCents: charge.amount_refunded, full: charge.refunded, at: new Date().toISOString() },
      event,
    );
    if (!state.purchased) throw new NotYetError(`the purchase ${ours.checkoutRef} is not recorded yet`);
    if (!state.refunded) return;
    await this.licenses.revoke(licenseIdFor(`checkout:${ours.checkoutRef}`), 'refund', new Date().toISOString(), metadataFor(event));
    await this.followers.takenBack(
      {
        checkoutRef: ours.checkoutRef,
        userId: ours.userId,
        resource: (await this.catalog.findByIdOrSlug(ours.resourceId)) ?? null,
        reason: 'refund',
        stripeMetadata: ours.raw,
      },
      metadataFor(event),
    );
  }

  async disputeCreated(event: ReceivedStripeEvent): Promise<void> {
    const dispute = await this.records.dispute(objectId(event));
    const ours = await this.paymentIntentMetadata(stripeIdOf(dispute.payment_intent));
    if (!ours) return;
    const state = await this.checkout(
      ours.checkoutRef,
      { type: 'DisputePurchase', disputeId: dispute.id, reason: dispute.reason, at: new Date().toISOString() },
      event,
    );
    if (!state.purchased) throw new NotYetError(`the purchase ${ours.checkoutRef} is not recorded yet`);
    await this.licenses.revoke(licenseIdFor(`checkout:${ours.checkoutRef}`), 'dispute', new Date().toISOString(), metadataFor(event));
    await this.followers.takenBack(
      {
        checkoutRef: ours.checkoutRef,
        userId: ours.userId,
        resource: (await this.catalog.findByIdOrSlug(ours.resourceId)) ?? null,
        reason: 'dispute',
        stripeMetadata: ours.raw,
      },
      metadataFor(event),
    );
  }

  private async checkout(checkoutRef: string, command: CheckoutCommand, event: ReceivedStripeEvent): Promise<CheckoutState> {
    const outcome = await runCommand({
      store: this.store,
      streamId: checkoutStreamId(checkoutRef),
      decider: checkoutDecider,
      command,
      metadata: metadataFor(event),
    });
    return outcome.state;
  }

  /** A paid lifetime license is granted (revoked if the payment was taken back since); other modules follow. */
  private async followPurchase(
    checkoutRef: string,
    session: { userId: string; email: string | null; quantity: number; paymentIntentId: string | null; stripeMetadata: Record<string, string> },
    resource: Resource,
    state: CheckoutState,
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
    await this.licenses.ensureGranted(
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
    );
    if (state.refunded || state.disputed) await this.licenses.revoke(licenseId, state.disputed ? 'dispute' : 'refund', at, metadataFor(event));
  }

  /** Reads the subscription as Stripe has it now, records what is new, and keeps its license in step. */
  private async syncSubscription(
    id: unknown,
    event: ReceivedStripeEvent,
    invoice: Omit<Extract<SubscriptionCommand, { type: 'RecordPaidInvoice' | 'RecordFailedInvoice' }>, 'snapshot' | 'at'> | null,
  ): Promise<void> {
    const subscription = await this.records.subscription(id);
    const subscriptionId = subscription.id;
    const ours = ourMetadata(subscription.metadata);
    if (!ours) return;
    const refuse = (why: string) => new RefusedStripeEvent(`subscription ${subscriptionId}: ${why}`);
    const resource = await this.catalog.findByIdOrSlug(ours.resourceId);
    if (!resource) throw refuse(`${ours.resourceId} is not in the catalog`);
    const item = subscription.items.data[0];
    const quantity = item?.quantity ?? ours.quantity;
    // Checked when it first comes to us; a subscriber kept on an older price renews at it.
    if ((await this.store.readStream(subscriptionStreamId(subscriptionId))).length === 0) {
      const billed = {
        resourceId: resource.id,
        quantity,
        amountCents: (item?.price.unit_amount ?? 0) * quantity,
        currency: item?.price.currency ?? subscription.currency,
        mode: item?.price.type === 'recurring' ? ('subscription' as const) : ('payment' as const),
      };
      const mismatch = catalogPriceMismatch(billed, await this.prices.priceFor(resource.id));
      if (mismatch) throw refuse(mismatch);
    }
    const snapshot: SubscriptionSnapshot = {
      subscriptionId,
      userId: ours.userId,
      email: ours.email,
      resourceId: resource.id,
      plan: licenseTerms(resource, quantity).plan,
      title: resource.title,
      customerId: stripeIdOf(subscription.customer)!,
      quantity,
      licenseId: licenseIdFor(`subscription:${subscriptionId}`),
      status: subscription.status,
      currentPeriodEnd: subscriptionPeriodEnd(subscription),
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      cancelAt: isoFromSeconds(subscription.cancel_at),
      endedAt: isoFromSeconds(subscription.ended_at),
      createdAt: isoFromSeconds(subscription.created)!,
    };
    const at = new Date().toISOString();
    const command: SubscriptionCommand = invoice ? { ...invoice, snapshot, at } : { type: 'SyncSubscription', snapshot, at };
    const outcome = await runCommand({
      store: this.store,
      streamId: subscriptionStreamId(subscriptionId),
      decider: subscriptionDecider,
      command,
      metadata: metadataFor(event),
    });
    const state = outcome.state;
    await this.licenses.ensureGranted(
      {
        licenseId: snapshot.licenseId,
        userId: snapshot.userId,
        email: snapshot.email,
        resource,
        quantity,
        source: { checkoutRef: ours.checkoutRef, subscriptionId },
        validUntil: state.periodEnd ?? snapshot.currentPeriodEnd,
        at,
      },
      metadataFor(event),
    );
    await this.licenses.changePlan(snapshot.licenseId, resource, quantity, at, metadataFor(event));
    const status = state.cancelled ? 'ended' : subscription.status === 'past_due' || subscription.status === 'unpaid' ? 'past_due' : 'active';
    await this.licenses.changeTerm(
      snapshot.licenseId,
      status,
      state.cancelled ? (snapshot.endedAt ?? at) : (state.periodEnd ?? snapshot.currentPeriodEnd),
      at,
      metadataFor(event),
    );
  }

  private async paymentIntentMetadata(paymentIntentId: string | null) {
    if (!paymentIntentId) return null;
    const intent = await this.records.paymentIntent(paymentIntentId);
    const ours = ourMetadata(intent.metadata);
    return ours ? { ...ours, raw: { ...intent.metadata } } : null;
  }
}
