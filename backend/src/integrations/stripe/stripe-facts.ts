import type Stripe from 'stripe';
import type { SessionFacts } from '../../modules/checkout';
import type { InvoiceFacts } from '../../modules/subscriptions';

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

export function sessionFacts(session: Stripe.Checkout.Session): SessionFacts | null {
  const ours = ourMetadata(session.metadata);
  if (!ours) return null;
  return {
    ...ours,
    checkoutSessionId: session.id,
    email: session.customer_details?.email ?? ours.email,
    amountCents: session.amount_total ?? 0,
    currency: session.currency ?? 'usd',
    mode: session.mode === 'subscription' ? 'subscription' : 'payment',
    paymentStatus: session.payment_status === 'paid' ? 'paid' : session.payment_status === 'no_payment_required' ? 'no_payment_required' : 'unpaid',
    customerId: idOf(session.customer),
    paymentIntentId: idOf(session.payment_intent),
    subscriptionId: idOf(session.subscription),
  };
}

/** The subscription an invoice bills (where the API version keeps it), if any. */
export function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent as { subscription_details?: { subscription?: unknown } | null } | null | undefined;
  return idOf(parent?.subscription_details?.subscription) ?? idOf((invoice as unknown as { subscription?: unknown }).subscription);
}

export function invoiceFacts(invoice: Stripe.Invoice): InvoiceFacts {
  const periodEnds = invoice.lines?.data?.map((line) => line.period?.end).filter((end): end is number => typeof end === 'number') ?? [];
  const periodStarts = invoice.lines?.data?.map((line) => line.period?.start).filter((start): start is number => typeof start === 'number') ?? [];
  return {
    invoiceId: invoice.id!,
    billingReason: invoice.billing_reason ?? 'manual',
    amountCents: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
    currency: invoice.currency,
    payUrl: invoice.hosted_invoice_url ?? null,
    nextAttemptAt: iso(invoice.next_payment_attempt),
    periodStart: periodStarts.length > 0 ? iso(Math.min(...periodStarts)) : null,
    periodEnd: periodEnds.length > 0 ? iso(Math.max(...periodEnds)) : null,
    invoiceNumber: invoice.number ?? null,
  };
}

export function subscriptionPeriodEnd(subscription: Stripe.Subscription): string {
  const ends = subscription.items.data
    .map((item) => (item as unknown as { current_period_end?: number }).current_period_end)
    .filter((end): end is number => typeof end === 'number');
  const legacy = (subscription as unknown as { current_period_end?: number }).current_period_end;
  return iso(ends.length > 0 ? Math.max(...ends) : (legacy ?? subscription.created))!;
}

export const stripeIdOf = idOf;
export const isoFromSeconds = iso;
