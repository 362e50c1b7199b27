import type Stripe from 'stripe';
import type { StripeClient } from './stripe-client';
import { stripeIdOf } from './stripe-facts';
import { RefusedStripeEvent } from './webhooks/refused-stripe-event';

/** Stripe's ids are word characters; anything else in a payload is not an id Stripe gave. */
const STRIPE_ID = /^\w{1,255}$/;

/**
 * The objects a Stripe event names, read from Stripe's API: the payload only says which object, the
 * object Stripe returns is what fulfilment acts on. One Stripe does not know refuses the event; an
 * outage is thrown as it is, so the event is retried.
 */
export class StripeRecords {
  constructor(private readonly stripe: StripeClient) {}

  checkoutSession(id: unknown): Promise<Stripe.Checkout.Session> {
    return this.read('checkout session', id, (known) => this.stripe.api.checkout.sessions.retrieve(known));
  }

  invoice(id: unknown): Promise<Stripe.Invoice> {
    return this.read('invoice', id, (known) => this.stripe.api.invoices.retrieve(known));
  }

  subscription(id: unknown): Promise<Stripe.Subscription> {
    return this.read('subscription', id, (known) => this.stripe.api.subscriptions.retrieve(known));
  }

  /**
   * What an invoice's discounts are called (their coupons' names), read only for an invoice that has
   * one: its discounts expanded, then each one's coupon.
   */
  async discountNames(invoice: Stripe.Invoice): Promise<string[]> {
    if ((invoice.total_discount_amounts ?? []).every((part) => part.amount === 0)) return [];
    const expanded = await this.read('invoice', invoice.id, (known) => this.stripe.api.invoices.retrieve(known, { expand: ['discounts'] }));
    const names: string[] = [];
    for (const discount of expanded.discounts ?? []) {
      const coupon = typeof discount === 'string' ? null : discount.source?.coupon;
      // A coupon deleted at Stripe since leaves its discount unnamed; an outage is thrown, so the event is retried.
      const found =
        typeof coupon === 'string'
          ? await this.stripe.api.coupons.retrieve(coupon).catch((error: { code?: string }) => {
              if (error.code === 'resource_missing') return null;
              throw error;
            })
          : coupon;
      if (found?.name) names.push(found.name);
    }
    return names;
  }

  charge(id: unknown): Promise<Stripe.Charge> {
    return this.read('charge', id, (known) => this.stripe.api.charges.retrieve(known));
  }

  dispute(id: unknown): Promise<Stripe.Dispute> {
    return this.read('dispute', id, (known) => this.stripe.api.disputes.retrieve(known));
  }

  paymentIntent(id: unknown): Promise<Stripe.PaymentIntent> {
    return this.read('payment intent', id, (known) => this.stripe.api.paymentIntents.retrieve(known));
  }

  /**
   * The id of the invoice a charge paid, or null (a checkout's one-time payment pays none). Charges
   * named it before API version 2025-03-31; since, the payment intent's invoice payment does.
   */
  async invoiceIdOfCharge(charge: Stripe.Charge): Promise<string | null> {
    const named = stripeIdOf((charge as unknown as { invoice?: unknown }).invoice);
    if (named) return named;
    const intent = stripeIdOf(charge.payment_intent);
    if (!intent) return null;
    const payments = await this.stripe.api.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: intent }, status: 'paid', limit: 1 });
    const [payment] = payments.data;
    return payment ? stripeIdOf(payment.invoice) : null;
  }

  private async read<T>(kind: string, id: unknown, retrieve: (id: string) => Promise<T>): Promise<T> {
    if (typeof id !== 'string' || !STRIPE_ID.test(id))
      throw new RefusedStripeEvent(`the event names no ${kind} (id ${JSON.stringify(id ?? null).slice(0, 80)})`);
    try {
      return await retrieve(id);
    } catch (error) {
      if (isMissing(error)) throw new RefusedStripeEvent(`${kind} ${id} not found at Stripe`);
      throw error;
    }
  }
}

const isMissing = (error: unknown) => {
  const { type, code } = error as { type?: string; code?: string };
  return type === 'StripeInvalidRequestError' && code === 'resource_missing';
};
