import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { invalid, missing, ok } from './emulator-answers';
import { mergeMetadata } from './emulator-params';
import type { EmulatorAnswer, EmulatorStore, StripeObject } from './emulator-store';
import type { EmulatorEvents } from './emulator-webhooks';
import type { EmulatorUrls } from './emulator-urls';
import { canceledNow, chargeObject, disputeObject, failedInvoice, invoicePaymentObject, openInvoiceObject, paidInvoice, refundObject } from './billing-objects';
import { cancellationDetails } from './api-version-fields';
import { formatMoney } from '../../../../contracts/catalog/number-format';
import { nowSeconds, paymentIntentObject, periodEnd, stripeError, subscriptionObject } from './stripe-objects';
import type { EmulatorTax } from './emulator-tax';
import { subscriptionAutomaticTax, taxedInvoice } from './tax-application';
import { discountedInvoice, withoutEndedDiscount } from './discount-invoices';

type Metadata = Record<string, string>;
interface SubscriptionItem {
  id: string;
  price: StripeObject;
  quantity: number;
  current_period_start: number;
  current_period_end: number;
}

const itemOf = (subscription: StripeObject) => (subscription.items as { data: SubscriptionItem[] }).data[0]!;
const money = (cents: number, currency: unknown) => formatMoney(cents, String(currency).toUpperCase());
const canceledOnly = () => invalid('A canceled subscription can only update its cancellation_details and metadata.');

/**
 * What Stripe's billing does to money and subscriptions: charges, subscription invoices and
 * their renewals, failures and payment, cancellation, refunds and disputes. Each method works
 * inside the caller's transaction, locks what it changes, and answers as Stripe's API would,
 * with the events it recorded (delivered after the commit, see `transact`).
 */
export class EmulatorBilling {
  constructor(
    private readonly orm: MikroORM,
    private readonly store: EmulatorStore,
    private readonly events: EmulatorEvents,
    private readonly urls: EmulatorUrls,
    readonly tax: EmulatorTax,
  ) {}

  /** Runs a change in its own transaction and delivers its events once it has committed. */
  async transact(change: (em: EntityManager) => Promise<EmulatorAnswer>): Promise<EmulatorAnswer> {
    const answer = await this.orm.em.fork().transactional(change);
    await this.events.deliver(answer.events ?? []);
    return answer;
  }

  /** A card payment that succeeded: its payment intent and the charge. */
  async collect(
    params: { amount: number; currency: string; customer: string; metadata: Metadata; description: string | null },
    em: EntityManager,
  ): Promise<{ paymentIntent: StripeObject; charge: StripeObject }> {
    const intent: StripeObject = { ...(paymentIntentObject({ ...params, status: 'succeeded' }) as StripeObject), description: params.description };
    const charge = await this.charge(intent, em);
    return { paymentIntent: await this.store.put({ ...intent, latest_charge: charge.id }, em), charge };
  }

  /** Charges what an invoice has due, and records the invoice payment that ties the payment intent to it (as Stripe does). */
  async chargeInvoice(invoice: StripeObject, description: string, em: EntityManager): Promise<StripeObject> {
    const amount = invoice.amount_due as number;
    const { paymentIntent } = await this.collect(
      { amount, currency: String(invoice.currency), customer: String(invoice.customer), metadata: {}, description },
      em,
    );
    await this.store.put(invoicePaymentObject({ invoice, paymentIntent: paymentIntent.id, amount }) as StripeObject, em);
    return paymentIntent;
  }

  /** A pending payment intent (pay later) that settles: it succeeds with a charge. */
  async settle(intent: StripeObject, em: EntityManager): Promise<StripeObject> {
    const charge = await this.charge(intent, em);
    return this.store.put({ ...intent, status: 'succeeded', amount_received: intent.amount, latest_charge: charge.id }, em);
  }

  /** Stripe sends customer.updated with what changed. */
  customerUpdated(customer: StripeObject, previous: Record<string, unknown>, em: EntityManager): Promise<StripeObject> {
    return this.events.emit('customer.updated', customer, em, previous);
  }

  /** Stripe sends checkout.session.expired however a session expires: at its time, or through the API. */
  sessionExpired(session: StripeObject, em: EntityManager): Promise<StripeObject> {
    return this.events.emit('checkout.session.expired', session, em);
  }

  /**
   * A subscription bought at checkout, with its first invoice paid. The caller emits
   * customer.subscription.created and invoice.paid after its checkout.session.completed.
   */
  async subscribe(
    params: { customer: string; price: StripeObject; quantity: number; metadata: Metadata; automaticTax?: boolean; discounts?: string[] },
    em: EntityManager,
  ): Promise<{ subscription: StripeObject; invoice: StripeObject }> {
    const started = subscriptionObject(params) as StripeObject;
    const item = itemOf(started);
    const invoice = await this.payNewInvoice(started, { start: item.current_period_start, end: item.current_period_end }, 'subscription_create', em);
    return { subscription: await this.store.put({ ...started, latest_invoice: invoice.id }, em), invoice };
  }

  /**
   * The end of the current period: the next is invoiced and paid, or, when the subscription was
   * set to cancel at period end, it ends. Emits customer.subscription.updated and invoice.paid,
   * or customer.subscription.deleted.
   */
  async renew(subscriptionId: string, em: EntityManager): Promise<EmulatorAnswer> {
    const stored = await this.lockedSubscription(subscriptionId, em);
    if (!stored) return missing('subscription', subscriptionId);
    if (stored.status !== 'active') return invalid(`Only an active subscription renews; this one is ${String(stored.status)}.`);
    const item = itemOf(stored);
    if (stored.cancel_at_period_end) {
      const ended = await this.store.put({ ...stored, status: 'canceled', ended_at: item.current_period_end }, em);
      return ok(ended, [await this.events.emit('customer.subscription.deleted', ended, em)]);
    }
    const next = { start: item.current_period_end, end: periodEnd(item.current_period_end, item.price) };
    const subscription = await withoutEndedDiscount(this.store, stored, next.start, em);
    const invoice = await this.payNewInvoice(subscription, next, 'subscription_cycle', em);
    const renewed = await this.store.put({ ...this.withPeriod(subscription, next), latest_invoice: invoice.id }, em);
    return ok(renewed, [
      await this.events.emit('customer.subscription.updated', renewed, em, {
        items: stored.items,
        latest_invoice: stored.latest_invoice,
        ...(subscription.discounts === stored.discounts ? {} : { discounts: stored.discounts }),
      }),
      await this.events.emit('invoice.paid', invoice, em),
    ]);
  }

  /**
   * The renewal's card is declined: the next period starts with an open invoice, attempted once,
   * payable on its hosted page, and the subscription is past_due. Emits customer.subscription.updated
   * and invoice.payment_failed.
   */
  async failRenewal(subscriptionId: string, em: EntityManager): Promise<EmulatorAnswer> {
    const stored = await this.lockedSubscription(subscriptionId, em);
    if (!stored) return missing('subscription', subscriptionId);
    if (stored.status !== 'active') return invalid(`Only an active subscription renews; this one is ${String(stored.status)}.`);
    const item = itemOf(stored);
    const next = { start: item.current_period_end, end: periodEnd(item.current_period_end, item.price) };
    const subscription = await withoutEndedDiscount(this.store, stored, next.start, em);
    const invoice = await this.store.put(failedInvoice(await this.newInvoice(subscription, next, 'subscription_cycle', em)) as StripeObject, em);
    const pastDue = await this.store.put({ ...this.withPeriod(subscription, next), status: 'past_due', latest_invoice: invoice.id }, em);
    return ok(pastDue, [
      await this.events.emit('customer.subscription.updated', pastDue, em, {
        items: subscription.items,
        latest_invoice: subscription.latest_invoice,
        status: subscription.status,
      }),
      await this.events.emit('invoice.payment_failed', invoice, em),
    ]);
  }

  /** Pays an open invoice (its hosted page); a past_due subscription it bills is active again. Emits invoice.paid, customer.subscription.updated. */
  async payInvoice(invoiceId: string, em: EntityManager): Promise<EmulatorAnswer> {
    await this.store.lock(invoiceId, em);
    const invoice = await this.store.get(invoiceId, 'invoice', em);
    if (!invoice) return missing('invoice', invoiceId);
    if (invoice.status !== 'open')
      return invalid(
        invoice.status === 'paid' ? 'Invoice is already paid' : `You can only pay an invoice that is open; this one is ${String(invoice.status)}.`,
      );
    const subscriptionId = (invoice.parent as { subscription_details?: { subscription?: string } } | null)?.subscription_details?.subscription;
    await this.chargeInvoice(invoice, 'Subscription update', em);
    const paid = await this.store.put(paidInvoice(invoice) as StripeObject, em);
    const events = [await this.events.emit('invoice.paid', paid, em)];
    const subscription = subscriptionId ? await this.lockedSubscription(subscriptionId, em) : undefined;
    if (subscription && subscription.status === 'past_due' && subscription.latest_invoice === invoiceId) {
      const active = await this.store.put({ ...subscription, status: 'active' }, em);
      events.push(await this.events.emit('customer.subscription.updated', active, em, { status: 'past_due' }));
    }
    return ok(paid, events);
  }

  /** Stripe's subscription update (cancel_at_period_end, metadata). Emits customer.subscription.updated when something changed. */
  async updateSubscription(
    subscriptionId: string,
    change: { cancel_at_period_end?: boolean; metadata?: '' | Metadata; automatic_tax?: { enabled: boolean } },
    em: EntityManager,
  ): Promise<EmulatorAnswer> {
    const subscription = await this.lockedSubscription(subscriptionId, em);
    if (!subscription) return missing('subscription', subscriptionId);
    if (subscription.status === 'canceled' && change.cancel_at_period_end !== undefined) return canceledOnly();
    const next: StripeObject = { ...subscription };
    next.metadata = mergeMetadata(subscription.metadata, change.metadata);
    if (change.automatic_tax) next.automatic_tax = subscriptionAutomaticTax(change.automatic_tax.enabled);
    if (change.cancel_at_period_end !== undefined && change.cancel_at_period_end !== subscription.cancel_at_period_end) {
      const ending = change.cancel_at_period_end;
      Object.assign(next, {
        cancel_at_period_end: ending,
        cancel_at: ending ? itemOf(subscription).current_period_end : null,
        canceled_at: ending ? nowSeconds() : null,
        cancellation_details: cancellationDetails(ending ? 'cancellation_requested' : null),
      });
    }
    const previous = Object.fromEntries(
      Object.keys(next)
        .filter((key) => JSON.stringify(next[key]) !== JSON.stringify(subscription[key]))
        .map((key) => [key, subscription[key]]),
    );
    if (Object.keys(previous).length === 0) return ok(subscription);
    const updated = await this.store.put(next, em);
    return ok(updated, [await this.events.emit('customer.subscription.updated', updated, em, previous)]);
  }

  /** Cancels now (Stripe's DELETE /v1/subscriptions/:id). Emits customer.subscription.deleted. */
  async cancelSubscription(subscriptionId: string, em: EntityManager): Promise<EmulatorAnswer> {
    const subscription = await this.lockedSubscription(subscriptionId, em);
    if (!subscription) return missing('subscription', subscriptionId);
    if (subscription.status === 'canceled') return canceledOnly();
    const canceled = await this.store.put(canceledNow(subscription, 'cancellation_requested'), em);
    return ok(canceled, [await this.events.emit('customer.subscription.deleted', canceled, em)]);
  }

  /** Stripe's POST /v1/refunds: all or part of what is left of a charge. Emits charge.refunded. */
  async refund(
    params: { payment_intent?: string; charge?: string; amount?: number; reason?: string; metadata?: Metadata },
    em: EntityManager,
  ): Promise<EmulatorAnswer> {
    let chargeId = params.charge;
    if (params.payment_intent) {
      const intent = await this.store.get(params.payment_intent, 'payment_intent', em);
      if (!intent) return missing('payment_intent', params.payment_intent, 'payment_intent');
      if (!intent.latest_charge) return invalid(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`, 'payment_intent');
      if (chargeId && chargeId !== intent.latest_charge) return invalid(`The charge ${chargeId} does not belong to the PaymentIntent ${intent.id}.`, 'charge');
      chargeId = String(intent.latest_charge);
    }
    if (!chargeId) return invalid('One of the following params should be provided for this request: payment_intent or charge.');
    await this.store.lock(chargeId, em);
    const charge = await this.store.get(chargeId, 'charge', em);
    if (!charge) return missing('charge', chargeId, 'charge');
    if (charge.disputed)
      return { status: 400, body: stripeError(`Charge ${charge.id} has been charged back; cannot issue a refund.`, { code: 'charge_disputed' }) };
    const left = (charge.amount as number) - (charge.amount_refunded as number);
    if (left <= 0) return { status: 400, body: stripeError(`Charge ${charge.id} has already been refunded.`, { code: 'charge_already_refunded' }) };
    const amount = params.amount ?? left;
    if (amount > left)
      return invalid(
        `Refund amount (${money(amount, charge.currency)}) is greater than unrefunded amount on charge (${money(left, charge.currency)})`,
        'amount',
      );
    const refund = await this.store.put(refundObject({ amount, charge, reason: params.reason ?? null, metadata: params.metadata ?? {} }) as StripeObject, em);
    const refunds = charge.refunds as { data: unknown[] };
    const refunded = (charge.amount_refunded as number) + amount;
    const updated = await this.store.put(
      { ...charge, amount_refunded: refunded, refunded: refunded === charge.amount, refunds: { ...refunds, data: [refund, ...refunds.data] } },
      em,
    );
    return ok(refund, [await this.events.emit('charge.refunded', updated, em, { amount_refunded: charge.amount_refunded, refunded: charge.refunded })]);
  }

  /** The cardholder disputes a charge (a chargeback that needs a response). Emits charge.dispute.created. */
  async dispute(chargeId: string, em: EntityManager): Promise<EmulatorAnswer> {
    await this.store.lock(chargeId, em);
    const charge = await this.store.get(chargeId, 'charge', em);
    if (!charge) return missing('charge', chargeId, 'charge');
    if (charge.disputed) return invalid(`Charge ${charge.id} is already disputed.`);
    if (charge.refunded) return invalid(`Charge ${charge.id} has been refunded in full; there is nothing to dispute.`);
    const dispute = await this.store.put(disputeObject(charge) as StripeObject, em);
    await this.store.put({ ...charge, disputed: true }, em);
    return ok(dispute, [await this.events.emit('charge.dispute.created', dispute, em)]);
  }

  private async lockedSubscription(id: string, em: EntityManager): Promise<StripeObject | undefined> {
    await this.store.lock(id, em);
    return this.store.get(id, 'subscription', em);
  }

  private withPeriod(subscription: StripeObject, period: { start: number; end: number }): StripeObject {
    const items = subscription.items as { data: SubscriptionItem[] };
    return {
      ...subscription,
      items: { ...items, data: items.data.map((item) => ({ ...item, current_period_start: period.start, current_period_end: period.end })) },
    };
  }

  private async payNewInvoice(
    subscription: StripeObject,
    period: { start: number; end: number },
    reason: 'subscription_create' | 'subscription_cycle',
    em: EntityManager,
  ): Promise<StripeObject> {
    const invoice = await this.newInvoice(subscription, period, reason, em);
    if ((invoice.amount_due as number) > 0)
      await this.chargeInvoice(invoice, reason === 'subscription_create' ? 'Subscription creation' : 'Subscription update', em);
    return this.store.put(paidInvoice(invoice) as StripeObject, em);
  }

  /** An open invoice numbered from the customer's sequence. */
  private async newInvoice(
    subscription: StripeObject,
    period: { start: number; end: number },
    reason: 'subscription_create' | 'subscription_cycle',
    em: EntityManager,
  ): Promise<StripeObject> {
    const { customer, number } = await this.numberInvoice(String(subscription.customer), em);
    const item = itemOf(subscription);
    const product = await this.store.get(String(item.price.product), 'product', em);
    const invoice = await this.discountedAndTaxed(
      openInvoiceObject({
        customer,
        subscription,
        price: item.price,
        quantity: item.quantity,
        period,
        billingReason: reason,
        number,
        hostedUrl: this.urls.invoice,
        productName: typeof product?.name === 'string' ? product.name : undefined,
      }) as StripeObject,
      subscription,
      em,
    );
    // A credit on the customer's balance (a move to a cheaper plan) pays what it can of the invoice, as on Stripe.
    const balance = Math.min(0, Number(customer.balance ?? 0));
    if (balance === 0) return this.store.put(invoice, em);
    const total = invoice.total as number;
    const due = Math.max(0, total + balance);
    const fresh = await this.store.get(String(customer.id), 'customer', em);
    if (fresh) await this.store.put({ ...fresh, balance: Math.min(0, total + balance) }, em);
    return this.store.put({ ...invoice, starting_balance: balance, ending_balance: Math.min(0, total + balance), amount_due: due, amount_remaining: due }, em);
  }

  /** A renewal's or first invoice: the subscription's discount taken off, then taxed. */
  private async discountedAndTaxed(invoice: StripeObject, subscription: StripeObject, em: EntityManager): Promise<StripeObject> {
    return this.taxed(await discountedInvoice(this.store, invoice, subscription, em), subscription, em);
  }

  /** An invoice of the subscription taxed at its customer's address and tax ids, when the subscription has automatic tax. */
  async taxed(invoice: StripeObject, subscription: StripeObject, em: EntityManager): Promise<StripeObject> {
    const customer = await this.store.get(String(subscription.customer), 'customer', em);
    return taxedInvoice(invoice, subscription, customer, { tax: this.tax, store: this.store }, em);
  }

  /** The customer (locked) and the next number of their invoice sequence, as Stripe numbers them (PREFIX-0001). */
  async numberInvoice(customerId: string, em: EntityManager): Promise<{ customer: StripeObject; number: string }> {
    await this.store.lock(customerId, em);
    const customer = (await this.store.get(customerId, 'customer', em)) ?? {
      id: customerId,
      object: 'customer',
      email: null,
      name: null,
      invoice_prefix: 'EMULATOR',
      next_invoice_sequence: 1,
    };
    const sequence = Number(customer.next_invoice_sequence ?? 1);
    if (customer.created) await this.store.put({ ...customer, next_invoice_sequence: sequence + 1 }, em);
    return { customer, number: `${String(customer.invoice_prefix)}-${String(sequence).padStart(4, '0')}` };
  }

  /** A succeeded charge for what a payment intent asks; it copies the intent's metadata, as Stripe's do. */
  private async charge(intent: StripeObject, em: EntityManager): Promise<StripeObject> {
    const customer = intent.customer ? await this.store.get(String(intent.customer), 'customer', em) : undefined;
    const charge = chargeObject({
      amount: intent.amount as number,
      currency: String(intent.currency),
      customer: (intent.customer as string | null) ?? null,
      paymentIntent: intent.id,
      description: (intent.description as string | null) ?? null,
      metadata: (intent.metadata ?? {}) as Metadata,
      email: (customer?.email as string | null | undefined) ?? null,
    });
    return this.store.put(charge as StripeObject, em);
  }
}
