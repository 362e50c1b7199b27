import type Stripe from 'stripe';
import type { Resource } from '../../../../../contracts/catalog/resource';
import { runCommand } from '../../../events/command-runner';
import type { EventMetadata } from '../../../events/event-metadata';
import type { EventStore } from '../../../events/event-store';
import type { CatalogQueries } from '../../catalog/catalog.queries';
import type { ReceivedStripeEvent } from '../webhooks/stripe-webhook-log';
import type { PurchaseFollowers } from './purchase-followers';
import { grantsResourceAccess } from '../checkout/checkout-rules';
import { licenseTerms } from '../licenses/license-terms';
import { licenseIdFor, type Licenses } from '../licenses/licenses';
import { checkoutDecider, type CheckoutCommand, type CheckoutState, type ResourceFacts } from '../purchases/checkout.decider';
import { checkoutStreamId } from '../purchases/purchase.events';
import type { StripeClient } from '../stripe/stripe-client';
import { subscriptionDecider, type SubscriptionCommand, type SubscriptionSnapshot } from '../subscriptions/subscription.decider';
import { subscriptionStreamId } from '../subscriptions/subscription.events';
import { invoiceFacts, invoiceSubscriptionId, isoFromSeconds, ourMetadata, sessionFacts, stripeIdOf, subscriptionPeriodEnd } from './stripe-facts';

/** A Stripe event that needs another to be handled first (a refund before its purchase): retried later. */
export class NotYetError extends Error {}

const metadataFor = (event: ReceivedStripeEvent): EventMetadata => ({ correlationId: event.id, causationId: event.id, actor: { kind: 'stripe' } });
const object = <T>(event: ReceivedStripeEvent) => (event.payload as { data: { object: T } }).data.object;

/**
 * Turns Stripe's events into ours. Each handler states what Stripe says now and lets the stream's
 * decider record only what is new; then it makes sure what follows (a license, its term, its
 * revocation) exists. Any order, any number of deliveries, end in the same place.
 */
export class Fulfilment {
  constructor(
    private readonly store: EventStore,
    private readonly stripe: StripeClient,
    private readonly catalog: CatalogQueries,
    private readonly licenses: Licenses,
    private readonly followers: PurchaseFollowers,
  ) {}

  async checkoutCompleted(event: ReceivedStripeEvent): Promise<void> {
    const session = sessionFacts(object<Stripe.Checkout.Session>(event));
    if (!session) return;
    const resource = await this.catalog.findByIdOrSlug(session.resourceId);
    const facts: ResourceFacts = resource ? { type: resource.type, title: resource.title, grantsAccess: grantsResourceAccess(resource.type) } : { type: 'unknown', title: session.resourceId, grantsAccess: false };
    const state = await this.checkout(session.checkoutRef, { type: 'complete', session, resource: facts, at: new Date().toISOString() }, event);
    if (state.purchased && resource) await this.followPurchase(session.checkoutRef, { ...session, stripeMetadata: { ...object<Stripe.Checkout.Session>(event).metadata } }, resource, state, event);
    if (session.subscriptionId && session.paymentStatus === 'paid') await this.syncSubscription(session.subscriptionId, event, null);
  }

  async asyncPaymentFailed(event: ReceivedStripeEvent): Promise<void> {
    const stripeMetadata = { ...object<Stripe.Checkout.Session>(event).metadata };
    const ours = ourMetadata(stripeMetadata);
    if (!ours) return;
    await this.checkout(ours.checkoutRef, { type: 'fail-async-payment', checkoutRef: ours.checkoutRef, userId: ours.userId, at: new Date().toISOString() }, event);
    await this.followers.closedUnpaid({ checkoutRef: ours.checkoutRef, userId: ours.userId, reason: 'payment_failed', stripeMetadata }, metadataFor(event));
  }

  async checkoutExpired(event: ReceivedStripeEvent): Promise<void> {
    const stripeMetadata = { ...object<Stripe.Checkout.Session>(event).metadata };
    const ours = ourMetadata(stripeMetadata);
    if (!ours) return;
    await this.checkout(ours.checkoutRef, { type: 'expire', checkoutRef: ours.checkoutRef, userId: ours.userId, at: new Date().toISOString() }, event);
    await this.followers.closedUnpaid({ checkoutRef: ours.checkoutRef, userId: ours.userId, reason: 'expired', stripeMetadata }, metadataFor(event));
  }

  async invoicePaid(event: ReceivedStripeEvent): Promise<void> {
    const invoice = object<Stripe.Invoice>(event);
    const subscriptionId = invoiceSubscriptionId(invoice);
    if (subscriptionId) await this.syncSubscription(subscriptionId, event, { type: 'invoice-paid', invoice: invoiceFacts(invoice) });
  }

  async invoicePaymentFailed(event: ReceivedStripeEvent): Promise<void> {
    const invoice = object<Stripe.Invoice>(event);
    const subscriptionId = invoiceSubscriptionId(invoice);
    if (subscriptionId) await this.syncSubscription(subscriptionId, event, { type: 'invoice-failed', invoice: invoiceFacts(invoice) });
  }

  async subscriptionChanged(event: ReceivedStripeEvent): Promise<void> {
    await this.syncSubscription(object<Stripe.Subscription>(event).id, event, null);
  }

  async chargeRefunded(event: ReceivedStripeEvent): Promise<void> {
    const charge = object<Stripe.Charge>(event);
    const ours = await this.paymentIntentMetadata(stripeIdOf(charge.payment_intent));
    if (!ours) return;
    const state = await this.checkout(ours.checkoutRef, { type: 'refund', chargeId: charge.id, amountRefundedCents: charge.amount_refunded, full: charge.refunded, at: new Date().toISOString() }, event);
    if (!state.purchased) throw new NotYetError(`the purchase ${ours.checkoutRef} is not recorded yet`);
    if (!state.refunded) return;
    await this.licenses.revoke(licenseIdFor(`checkout:${ours.checkoutRef}`), 'refund', new Date().toISOString(), metadataFor(event));
    await this.followers.takenBack({ checkoutRef: ours.checkoutRef, userId: ours.userId, resource: (await this.catalog.findByIdOrSlug(ours.resourceId)) ?? null, reason: 'refund', stripeMetadata: ours.raw }, metadataFor(event));
  }

  async disputeCreated(event: ReceivedStripeEvent): Promise<void> {
    const dispute = object<Stripe.Dispute>(event);
    const ours = await this.paymentIntentMetadata(stripeIdOf(dispute.payment_intent));
    if (!ours) return;
    const state = await this.checkout(ours.checkoutRef, { type: 'dispute', disputeId: dispute.id, reason: dispute.reason, at: new Date().toISOString() }, event);
    if (!state.purchased) throw new NotYetError(`the purchase ${ours.checkoutRef} is not recorded yet`);
    await this.licenses.revoke(licenseIdFor(`checkout:${ours.checkoutRef}`), 'dispute', new Date().toISOString(), metadataFor(event));
    await this.followers.takenBack({ checkoutRef: ours.checkoutRef, userId: ours.userId, resource: (await this.catalog.findByIdOrSlug(ours.resourceId)) ?? null, reason: 'dispute', stripeMetadata: ours.raw }, metadataFor(event));
  }

  private async checkout(checkoutRef: string, command: CheckoutCommand, event: ReceivedStripeEvent): Promise<CheckoutState> {
    const outcome = await runCommand({ store: this.store, streamId: checkoutStreamId(checkoutRef), decider: checkoutDecider, command, metadata: metadataFor(event) });
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
    await this.followers.purchased({ checkoutRef, userId: session.userId, resource, quantity: session.quantity, takenBack, stripeMetadata: session.stripeMetadata, paymentIntentId: session.paymentIntentId }, metadataFor(event));
    if (resource.type !== 'license' || licenseTerms(resource, 1).kind !== 'lifetime') return;
    const licenseId = licenseIdFor(`checkout:${checkoutRef}`);
    const at = new Date().toISOString();
    await this.licenses.ensureGranted({ licenseId, userId: session.userId, email: session.email, resource, quantity: session.quantity, source: { checkoutRef, subscriptionId: null }, validUntil: null, at }, metadataFor(event));
    if (state.refunded || state.disputed) await this.licenses.revoke(licenseId, state.disputed ? 'dispute' : 'refund', at, metadataFor(event));
  }

  /** Reads the subscription as Stripe has it now, records what is new, and keeps its license in step. */
  private async syncSubscription(subscriptionId: string, event: ReceivedStripeEvent, invoice: Omit<Extract<SubscriptionCommand, { type: 'invoice-paid' | 'invoice-failed' }>, 'snapshot' | 'at'> | null): Promise<void> {
    const subscription = await this.stripe.api.subscriptions.retrieve(subscriptionId);
    const ours = ourMetadata(subscription.metadata);
    if (!ours) return;
    const resource = await this.catalog.findByIdOrSlug(ours.resourceId);
    if (!resource) return;
    const quantity = subscription.items.data[0]?.quantity ?? ours.quantity;
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
    const command: SubscriptionCommand = invoice ? { ...invoice, snapshot, at } : { type: 'sync', snapshot, at };
    const outcome = await runCommand({ store: this.store, streamId: subscriptionStreamId(subscriptionId), decider: subscriptionDecider, command, metadata: metadataFor(event) });
    const state = outcome.state;
    await this.licenses.ensureGranted({ licenseId: snapshot.licenseId, userId: snapshot.userId, email: snapshot.email, resource, quantity, source: { checkoutRef: ours.checkoutRef, subscriptionId }, validUntil: state.periodEnd ?? snapshot.currentPeriodEnd, at }, metadataFor(event));
    const status = state.cancelled ? 'ended' : subscription.status === 'past_due' || subscription.status === 'unpaid' ? 'past_due' : 'active';
    await this.licenses.changeTerm(snapshot.licenseId, status, state.cancelled ? (snapshot.endedAt ?? at) : (state.periodEnd ?? snapshot.currentPeriodEnd), at, metadataFor(event));
  }

  private async paymentIntentMetadata(paymentIntentId: string | null) {
    if (!paymentIntentId) return null;
    const intent = await this.stripe.api.paymentIntents.retrieve(paymentIntentId);
    const ours = ourMetadata(intent.metadata);
    return ours ? { ...ours, raw: { ...intent.metadata } } : null;
  }
}
