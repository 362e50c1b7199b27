import { z } from 'zod';
import { chargeTax } from '../../../../contracts/billing/charge-tax';
import { checkoutDiscountSchema } from '../../../../contracts/promotions/checkout-discount';
import { defineEvent } from '../../events/event-registry';

const money = { amountCents: z.number().int().min(0), currency: z.string().length(3) };
const iso = z.iso.datetime();

/** A checkout's stream: `checkout-<checkoutRef>`, the reference we put in the session's metadata. */
export const checkoutStreamId = (checkoutRef: string) => `checkout-${checkoutRef}`;

/**
 * Something is waiting to be paid: an unfinished checkout, a bank payment processing, a failed
 * renewal. From version 2 it says which promotion the checkout took (null: none, or a renewal).
 */
export const PendingPaymentOpened = defineEvent({
  type: 'PendingPaymentOpened',
  schemaVersion: 2,
  schema: z.object({
    pendingPaymentId: z.string(),
    userId: z.string(),
    resourceId: z.string(),
    quantity: z.number().int().min(1),
    kind: z.enum(['checkout', 'renewal']),
    ...money,
    /** Where the customer finishes paying (a Checkout page or a hosted invoice). */
    payUrl: z.string().nullable(),
    checkoutSessionId: z.string().nullable(),
    expiresAt: iso.nullable(),
    openedAt: iso,
    discount: checkoutDiscountSchema.nullable(),
  }),
  upcasters: { 1: (data) => ({ ...(data as object), discount: null }) },
});

/** Paid by a method that settles later (a bank debit): nothing to do but wait. */
export const PendingPaymentProcessing = defineEvent({
  type: 'PendingPaymentProcessing',
  schemaVersion: 1,
  schema: z.object({ pendingPaymentId: z.string(), userId: z.string(), at: iso }),
});

export const PendingPaymentSettled = defineEvent({
  type: 'PendingPaymentSettled',
  schemaVersion: 1,
  schema: z.object({ pendingPaymentId: z.string(), userId: z.string(), at: iso }),
});

export const PendingPaymentExpired = defineEvent({
  type: 'PendingPaymentExpired',
  schemaVersion: 1,
  schema: z.object({
    pendingPaymentId: z.string(),
    userId: z.string(),
    reason: z.enum(['checkout_expired', 'payment_failed', 'abandoned', 'cancelled', 'subscription_cancelled']),
    at: iso,
  }),
});

/**
 * Money received for a checkout: the purchase, once, whatever Stripe sends how often. From version 2
 * it carries what the charge was for the books (net, tax by rate, the buyer's billing details);
 * null before, when no tax was collected. From version 3, the promotion it took (null: none).
 */
export const PurchaseCompleted = defineEvent({
  type: 'PurchaseCompleted',
  schemaVersion: 3,
  schema: z.object({
    checkoutRef: z.string(),
    checkoutSessionId: z.string(),
    userId: z.string(),
    email: z.string().nullable(),
    resourceId: z.string(),
    resourceType: z.string(),
    title: z.string(),
    quantity: z.number().int().min(1),
    ...money,
    mode: z.enum(['payment', 'subscription']),
    customerId: z.string().nullable(),
    paymentIntentId: z.string().nullable(),
    subscriptionId: z.string().nullable(),
    completedAt: iso,
    tax: chargeTax.nullable(),
    discount: checkoutDiscountSchema.nullable(),
  }),
  upcasters: { 1: (data) => ({ ...(data as object), tax: null }), 2: (data) => ({ ...(data as object), discount: null }) },
});

export const PurchaseRefunded = defineEvent({
  type: 'PurchaseRefunded',
  schemaVersion: 1,
  schema: z.object({
    checkoutRef: z.string(),
    userId: z.string(),
    chargeId: z.string(),
    amountRefundedCents: z.number().int().min(0),
    full: z.boolean(),
    at: iso,
  }),
});

export const PurchaseDisputed = defineEvent({
  type: 'PurchaseDisputed',
  schemaVersion: 1,
  schema: z.object({ checkoutRef: z.string(), userId: z.string(), disputeId: z.string(), reason: z.string(), at: iso }),
});

/** A resource a customer may open: bought, free, or (revoked) no longer. */
export const ResourceAccessGranted = defineEvent({
  type: 'ResourceAccessGranted',
  schemaVersion: 1,
  schema: z.object({ userId: z.string(), resourceId: z.string(), source: z.enum(['purchase', 'free']), sourceRef: z.string(), at: iso }),
});

export const ResourceAccessRevoked = defineEvent({
  type: 'ResourceAccessRevoked',
  schemaVersion: 1,
  // 'admin': withdrawn by an owner as a support action (free and support grants only).
  schema: z.object({ userId: z.string(), resourceId: z.string(), sourceRef: z.string(), reason: z.enum(['refund', 'dispute', 'admin']), at: iso }),
});

export const purchaseEvents = [
  PendingPaymentOpened,
  PendingPaymentProcessing,
  PendingPaymentSettled,
  PendingPaymentExpired,
  PurchaseCompleted,
  PurchaseRefunded,
  PurchaseDisputed,
  ResourceAccessGranted,
  ResourceAccessRevoked,
];
export type PurchaseEvent = ReturnType<(typeof purchaseEvents)[number]>;
