import type { CheckoutDiscount, CodeRefusal } from '../../../../contracts/promotions/checkout-discount';
import type { EventMetadata } from '../../events/event-metadata';

/** What a checkout asks a discount for: the buyer, the product, its price before tax, and the code typed (if any). */
export interface DiscountAsk {
  userId: string;
  resourceId: string;
  /** The price before any discount and before tax, for the quantity bought. */
  amountCents: number;
  currency: string;
  code: string | null;
  /** Whether the buyer paid for anything before (a first-purchase-only code refuses them). */
  hasPaidBefore: boolean;
  at: string;
}

/** The discount a checkout would take (the code's, else an automatic sale's), and why the code typed does not apply. */
export interface DiscountQuote {
  discount: (CheckoutDiscount & { stripeCoupon: string }) | null;
  refusal: CodeRefusal | null;
}

/**
 * Where discounts come from. The promotions module provides it (checkout does not depend on
 * promotions): a quote for the page and the checkout, a hold that counts against the promotion's
 * limits before Stripe's session opens (answered with the reason when it no longer applies), and
 * the release of a hold whose Stripe session never opened. Redemption and the release of a
 * closed checkout's hold follow the purchase (PurchaseFollowers).
 */
export interface DiscountSource {
  quote(ask: DiscountAsk): Promise<DiscountQuote>;
  /** Null once held; else why it no longer applies (the limit was reached meanwhile, say). */
  hold(checkoutRef: string, discount: CheckoutDiscount, ask: DiscountAsk, holdUntil: string, metadata: EventMetadata): Promise<{ message: string } | null>;
  release(checkoutRef: string, discount: CheckoutDiscount, metadata: EventMetadata): Promise<void>;
}

const NO_DISCOUNTS: DiscountSource = {
  quote: () => Promise.resolve({ discount: null, refusal: null }),
  hold: () => Promise.resolve(null),
  release: () => Promise.resolve(),
};

/**
 * A discount as the page shows it and the checkout's events record it: its own fields only (a
 * source's quote carries more, such as the Stripe coupon that applies it).
 */
export const withoutCoupon = ({ promotionId, code, name, amountOffCents, duration, stackedWith }: CheckoutDiscount): CheckoutDiscount => ({
  promotionId,
  code,
  name,
  amountOffCents,
  duration,
  stackedWith,
});

/** The discount source checkout asks; nothing is taken off until a module provides one. */
export class CheckoutDiscounts implements DiscountSource {
  private source: DiscountSource = NO_DISCOUNTS;

  provide(source: DiscountSource): void {
    this.source = source;
  }

  quote(ask: DiscountAsk): Promise<DiscountQuote> {
    return this.source.quote(ask);
  }

  hold(checkoutRef: string, discount: CheckoutDiscount, ask: DiscountAsk, holdUntil: string, metadata: EventMetadata): Promise<{ message: string } | null> {
    return this.source.hold(checkoutRef, discount, ask, holdUntil, metadata);
  }

  release(checkoutRef: string, discount: CheckoutDiscount, metadata: EventMetadata): Promise<void> {
    return this.source.release(checkoutRef, discount, metadata);
  }
}
