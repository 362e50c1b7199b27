import type { ConfiguredPrice } from './price-book';

/** What Stripe charges (or bills each period) for a resource, as read from its session or subscription. */
export interface Charged {
  resourceId: string;
  quantity: number;
  amountCents: number;
  currency: string;
  mode: 'payment' | 'subscription';
}

/**
 * Why what Stripe holds is not a purchase of its resource at the catalog's price (null when it
 * is): the catalog's Stripe price in the same currency and mode, times the quantity.
 */
export function catalogPriceMismatch(session: Charged, price: ConfiguredPrice | null): string | null {
  if (!price || price.unitAmount === null) return `${session.resourceId} has no active price in the catalog`;
  if ((session.mode === 'subscription') !== price.recurring)
    return `mode ${session.mode}, but the price of ${session.resourceId} is ${price.recurring ? 'recurring' : 'one-time'}`;
  if (session.currency !== price.currency) return `currency ${session.currency} ≠ ${price.currency}`;
  const expected = price.unitAmount * session.quantity;
  if (session.amountCents !== expected) return `amount ${session.amountCents} ≠ ${price.unitAmount} × ${session.quantity}`;
  return null;
}
