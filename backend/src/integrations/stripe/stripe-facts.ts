import type Stripe from 'stripe';
import type { ReceivedStripeEvent } from './webhooks/stripe-webhook-log';

/** Our references in a Stripe object's metadata; absent on objects some other system made. */
export interface OurMetadata {
  checkoutRef: string;
  userId: string;
  resourceId: string;
  quantity: number;
  email: string | null;
}

const idOf = (value: unknown): string | null =>
  typeof value === 'string' ? value : value && typeof value === 'object' && 'id' in value ? String((value as { id: unknown }).id) : null;
const iso = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);

export function ourMetadata(metadata: Stripe.Metadata | null | undefined): OurMetadata | null {
  const m = metadata ?? {};
  if (!m.checkoutRef || !m.userId || !m.resourceId) return null;
  const quantity = Number(m.quantity ?? '1');
  return {
    checkoutRef: m.checkoutRef,
    userId: m.userId,
    resourceId: m.resourceId,
    quantity: Number.isInteger(quantity) && quantity > 0 ? quantity : 1,
    email: m.email ?? null,
  };
}

/** The subscription an invoice bills (where the API version keeps it), if any. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } | null } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf((invoice as unknown as { subscription?: unknown }).subscription);
}

export function subscriptionPeriodEnd(subscription: Stripe.Subscription): string {
  const ends = subscription.items.data
    .map((item) => (item as unknown as { current_period_end?: number }).current_period_end)
    .filter((end): end is number => typeof end === 'number');
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return iso(ends.length > 0 ? Math.max(...ends) : (legacy ?? subscription.created))!;
}

/** The id of the object a Stripe event is about: all its payload is trusted for. */
export const stripeObjectId = (event: ReceivedStripeEvent): unknown => (event.payload as { data?: { object?: { id?: unknown } } } | null)?.data?.object?.id;

export const stripeIdOf = idOf;
export const isoFromSeconds = iso;
