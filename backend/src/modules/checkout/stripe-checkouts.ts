import { Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { z } from 'zod';
import type { Resource } from '../../../../contracts/catalog/resource';
import { AppError, UnavailableError } from '../../platform/common/app-error';
import { PriceBook, StripeClient } from '../../integrations/stripe';
import type { SignedInUser } from '../auth';
import { checkoutPendingPaymentId } from './checkout.decider';
import type { PendingPaymentOpened } from './checkout.events';
import { LinkStripeCustomer } from '../subscriptions';
import { taxedCheckout } from './taxed-checkout';
import type { CheckoutDiscount } from '../../../../contracts/promotions/checkout-discount';
import { discountMetadata } from '../../../../contracts/promotions/discount-metadata';
import { withoutCoupon } from './checkout-discounts';

export interface StripeCheckoutOptions {
  checkoutRef: string;
  /** Unix seconds. */
  expiresAt: number;
  extraMetadata: Record<string, string>;
  back: (status: 'success' | 'cancelled') => string;
  /** A subscription that starts with a free trial of this many days (the card is charged at its end). */
  trialDays?: number;
  /** The promotion the checkout holds: its Stripe coupon is the session's discount. */
  discount?: CheckoutDiscount & { stripeCoupon: string };
}

export type OpenedStripeCheckout =
  { outcome: 'opened'; url: string; pending: z.input<typeof PendingPaymentOpened.schema> } | { outcome: 'configuration-error' };

/**
 * The Stripe calls a request waits for: opening a Stripe checkout (the buyer is sent to its page)
 * and the billing portal (the owner is sent to it). Every other Stripe call about a checkout
 * happens in a job after the event that asks for it (closing one: jobs/close-stripe-checkout.processor.ts).
 */
@Injectable()
export class StripeCheckouts {
  constructor(
    private readonly prices: PriceBook,
    private readonly stripe: StripeClient,
    private readonly commands: CommandBus,
  ) {}

  /**
   * A Stripe checkout for a checkout: the price, the buyer's Stripe customer, our references in
   * the metadata, and one idempotency key per checkout. What it returns is what the checkout's
   * `OpenCheckout` records; the caller records it.
   */
  async open(
    user: SignedInUser,
    resource: Resource,
    quantity: number,
    mode: 'payment' | 'subscription',
    correlationId: string,
    options: StripeCheckoutOptions,
  ): Promise<OpenedStripeCheckout> {
    const { checkoutRef, expiresAt, back } = options;
    const price = await this.prices.priceFor(resource.id);
    if (!price || price.recurring !== (mode === 'subscription')) return { outcome: 'configuration-error' };
    const customer = await this.commands.execute(new LinkStripeCustomer(user, correlationId));
    const { discount } = options;
    const stripeMetadata = {
      ...options.extraMetadata,
      ...(discount ? discountMetadata(discount) : {}),
      checkoutRef,
      userId: user.userId,
      resourceId: resource.id,
      quantity: String(quantity),
      ...(user.email ? { email: user.email } : {}),
    };
    const stripeCheckout = await this.stripe.api.checkout.sessions.create(
      taxedCheckout({
        mode,
        customer,
        client_reference_id: user.userId,
        line_items: [{ price: price.id, quantity }],
        success_url: back('success'),
        cancel_url: back('cancelled'),
        metadata: stripeMetadata,
        ...(mode === 'payment'
          ? { payment_intent_data: { metadata: stripeMetadata } }
          : { subscription_data: { metadata: stripeMetadata, ...(options.trialDays ? { trial_period_days: options.trialDays } : {}) } }),
        expires_at: expiresAt,
        ...(discount ? { discounts: [{ coupon: discount.stripeCoupon }] } : {}),
      }),
      // Stripe keeps keys for 24 hours: the key's wording stays as deployed, so a retry across a deploy reuses the same one.
      { idempotencyKey: `checkout-session-${checkoutRef}` },
    );
    if (!stripeCheckout.url) return { outcome: 'configuration-error' };
    return {
      outcome: 'opened',
      url: stripeCheckout.url,
      pending: {
        pendingPaymentId: checkoutPendingPaymentId(checkoutRef),
        userId: user.userId,
        resourceId: resource.id,
        quantity,
        kind: 'checkout',
        amountCents: stripeCheckout.amount_total ?? (price.unitAmount ?? 0) * quantity,
        currency: stripeCheckout.currency ?? price.currency,
        payUrl: stripeCheckout.url,
        checkoutSessionId: stripeCheckout.id,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
        openedAt: new Date().toISOString(),
        // What Stripe's session takes off is what the checkout records.
        discount: discount ? { ...withoutCoupon(discount), amountOffCents: stripeCheckout.total_details?.amount_discount ?? discount.amountOffCents } : null,
      },
    };
  }

  /** The billing portal on the customer's Stripe customer; back to the dashboard's license section. */
  async openBillingPortal(customer: string, returnUrl: string): Promise<string> {
    try {
      const portal = await this.stripe.api.billingPortal.sessions.create({ customer, return_url: returnUrl });
      return portal.url;
    } catch (error) {
      if ((error as { type?: string }).type === 'StripeConnectionError')
        throw new UnavailableError('We cannot reach our payment provider right now; please try again in a minute.');
      throw error;
    }
  }
}

/** Stripe out of reach: nothing was charged, and the buyer is told to try again. Other errors pass through. */
export function stripeOutage(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const stripeError = error as { type?: string };
  if (stripeError.type === 'StripeConnectionError' || stripeError.type === 'StripeAPIError' || stripeError.type === 'StripeRateLimitError') {
    return new UnavailableError('We cannot reach our payment provider right now. Nothing was charged; please try again in a minute.');
  }
  return error;
}
