import type Stripe from 'stripe';
import { Command, CommandBus, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { runCommand } from '../../../events/command-runner';
import { EventStore } from '../../../events/event-store';
import {
  type ReceivedStripeEvent,
  catalogPriceMismatch,
  isoFromSeconds,
  ourMetadata,
  PriceBook,
  RefusedStripeEvent,
  StripeClient,
  stripeIdOf,
  StripeRecords,
  subscriptionPeriodEnd,
} from '../../../integrations/stripe';
import { stripeEventMetadata } from '../../../events/metadata-for';
import { CatalogQueries } from '../../catalog';
import { ChangeLicensePlan, ChangeLicenseTerm, GrantLicense, licenseIdFor, licenseTerms } from '../../licenses';
import { subscriptionDecider, type SubscriptionCommand, type SubscriptionSnapshot } from '../subscriptions.decider';
import { subscriptionStreamId } from '../subscriptions.events';
import { CheckTrialCard } from './check-trial-card.handler';

export type InvoiceToRecord = Omit<Extract<SubscriptionCommand, { type: 'RecordPaidInvoice' | 'RecordFailedInvoice' }>, 'snapshot' | 'at'>;

export class SyncSubscription extends Command<void> {
  constructor(
    /** The subscription's id as the Stripe event names it (checked when it is read). */
    readonly subscriptionId: unknown,
    readonly event: ReceivedStripeEvent,
    readonly invoice: InvoiceToRecord | null,
    /** Stripe's customer.subscription.trial_will_end: the trial's reminder is due. */
    readonly trialWillEnd = false,
  ) {
    super();
  }
}

/** Reads the subscription as Stripe has it now, records what is new, and keeps its license in step. */
@CommandHandler(SyncSubscription)
export class SyncSubscriptionHandler implements ICommandHandler<SyncSubscription, void> {
  private readonly records: StripeRecords;

  constructor(
    private readonly store: EventStore,
    private readonly stripe: StripeClient,
    private readonly prices: PriceBook,
    private readonly catalog: CatalogQueries,
    private readonly commands: CommandBus,
  ) {
    this.records = new StripeRecords(stripe);
  }

  async execute({ subscriptionId: id, event, invoice, trialWillEnd }: SyncSubscription): Promise<void> {
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
    if ((await this.store.readStream(subscriptionStreamId(subscriptionId), subscriptionDecider.events)).length === 0) {
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
      trial:
        subscription.status === 'trialing' && subscription.trial_end
          ? {
              end: isoFromSeconds(subscription.trial_end)!,
              amountCents: (item?.price.unit_amount ?? 0) * quantity,
              currency: item?.price.currency ?? subscription.currency,
              cardFingerprint: await this.cardFingerprint(subscription),
            }
          : null,
    };
    const at = new Date().toISOString();
    const metadata = stripeEventMetadata(event.id);
    const command: SubscriptionCommand = invoice
      ? { ...invoice, snapshot, at }
      : trialWillEnd
        ? { type: 'RecordTrialEnding', snapshot, at }
        : { type: 'SyncSubscription', snapshot, at };
    const outcome = await runCommand({
      store: this.store,
      streamId: subscriptionStreamId(subscriptionId),
      decider: subscriptionDecider,
      command,
      metadata,
    });
    const { state } = outcome;
    // Started by this command if it was not, so `unknown` only stands for "as the snapshot says".
    const ended = state.status === 'cancelled';
    const periodEnd = state.status === 'unknown' ? snapshot.currentPeriodEnd : state.periodEnd;
    await this.commands.execute(
      new GrantLicense(
        {
          licenseId: snapshot.licenseId,
          userId: snapshot.userId,
          email: snapshot.email,
          resource,
          quantity,
          source: { checkoutRef: ours.checkoutRef, subscriptionId },
          validUntil: periodEnd,
          at,
        },
        metadata,
      ),
    );
    await this.commands.execute(new ChangeLicensePlan(snapshot.licenseId, resource, quantity, at, metadata));
    const status = ended ? 'ended' : subscription.status === 'past_due' || subscription.status === 'unpaid' ? 'past_due' : 'active';
    await this.commands.execute(new ChangeLicenseTerm(snapshot.licenseId, status, ended ? (snapshot.endedAt ?? at) : periodEnd, at, metadata));
    const trial = snapshot.trial;
    if (trial?.cardFingerprint && state.status === 'started')
      await this.commands.execute(new CheckTrialCard({ ...snapshot, trial: { ...trial, cardFingerprint: trial.cardFingerprint } }, metadata));
  }

  /** Stripe's fingerprint of the card the subscription charges: its own default, else its customer's (null when neither is a card). */
  private async cardFingerprint(subscription: Stripe.Subscription): Promise<string | null> {
    let method = subscription.default_payment_method;
    if (!method) {
      const customer = await this.stripe.api.customers.retrieve(stripeIdOf(subscription.customer)!);
      method = customer.deleted ? null : customer.invoice_settings.default_payment_method;
    }
    if (!method) return null;
    const card = typeof method === 'string' ? await this.stripe.api.paymentMethods.retrieve(method) : method;
    return card.card?.fingerprint ?? null;
  }
}
