import { z } from 'zod';
import { chargeTax } from '../../../../contracts/billing/charge-tax';
import { defineEvent } from '../../events/event-registry';

const iso = z.iso.datetime();

export const subscriptionStreamId = (subscriptionId: string) => `subscription-${subscriptionId}`;

export const SubscriptionStarted = defineEvent({
  type: 'SubscriptionStarted',
  schemaVersion: 1,
  schema: z.object({
    subscriptionId: z.string(),
    userId: z.string(),
    email: z.string().nullable(),
    resourceId: z.string(),
    plan: z.string(),
    title: z.string(),
    customerId: z.string(),
    quantity: z.number().int().min(1),
    licenseId: z.string(),
    currentPeriodEnd: iso,
    startedAt: iso,
  }),
});

/** What an invoice bills, from version 2 (null before): the plan and seats, the period it pays for, its number. */
const billed = {
  resourceId: z.string().nullable(),
  quantity: z.number().int().min(1).nullable(),
  periodStart: iso.nullable(),
  periodEnd: iso.nullable(),
  invoiceNumber: z.string().nullable(),
};
/** A discount on a subscription's invoice: what it took off before tax, and its name (null when Stripe gives none). */
export const renewalDiscount = z.object({ amountOffCents: z.number().int().min(1), name: z.string().nullable() });
export type RenewalDiscount = z.infer<typeof renewalDiscount>;

const unknownBilled = { resourceId: null, quantity: null, periodStart: null, periodEnd: null, invoiceNumber: null };

/**
 * Recorded when an invoice of the subscription was paid: its first, a renewal (`subscription_cycle`),
 * the proration charge of a plan change (`subscription_update`), or a failed one paid late. From
 * version 3 it carries what the charge was for the books (null before: no tax was collected).
 */
export const SubscriptionRenewed = defineEvent({
  type: 'SubscriptionRenewed',
  schemaVersion: 4,
  schema: z.object({
    subscriptionId: z.string(),
    userId: z.string(),
    email: z.string().nullable(),
    title: z.string(),
    invoiceId: z.string(),
    billingReason: z.string(),
    amountCents: z.number().int().min(0),
    currency: z.string().length(3),
    currentPeriodEnd: iso,
    ...billed,
    at: iso,
    tax: chargeTax.nullable(),
    /** What a discount took off before tax, and its coupon's name (version 4; null before, when none was recorded). */
    discount: renewalDiscount.nullable(),
  }),
  upcasters: {
    1: (data) => ({ ...(data as object), ...unknownBilled }),
    2: (data) => ({ ...(data as object), tax: null }),
    3: (data) => ({ ...(data as object), discount: null }),
  },
});

/**
 * Recorded when an invoice of the subscription could not be charged (a renewal's declined card): it
 * waits to be paid (checkout's pending payments read it here; before this event named what it
 * bills, version 1, the stream recorded a PendingPaymentOpened of its own).
 */
export const SubscriptionPastDue = defineEvent({
  type: 'SubscriptionPastDue',
  schemaVersion: 2,
  schema: z.object({
    subscriptionId: z.string(),
    userId: z.string(),
    email: z.string().nullable(),
    title: z.string(),
    invoiceId: z.string(),
    amountDueCents: z.number().int().min(0),
    currency: z.string().length(3),
    payUrl: z.string().nullable(),
    nextAttemptAt: iso.nullable(),
    ...billed,
    at: iso,
  }),
  upcasters: { 1: (data) => ({ ...(data as object), ...unknownBilled }) },
});

/**
 * Recorded when a charge that paid one of the subscription's invoices was refunded, in full or in
 * part: once per amount refunded, however often Stripe says so. `amountRefundedCents` is everything
 * refunded on the charge so far (Stripe's `amount_refunded`), tax included. The first invoice is the
 * checkout's charge: `checkoutRef` names the checkout that started the subscription.
 */
export const SubscriptionInvoiceRefunded = defineEvent({
  type: 'SubscriptionInvoiceRefunded',
  schemaVersion: 1,
  schema: z.object({
    subscriptionId: z.string(),
    userId: z.string(),
    invoiceId: z.string(),
    billingReason: z.string(),
    checkoutRef: z.string(),
    chargeId: z.string(),
    amountRefundedCents: z.number().int().min(1),
    currency: z.string().length(3),
    full: z.boolean(),
    at: iso,
  }),
});

/** It will end at `cancelAt` instead of renewing; `cancelAt: null` means the customer changed their mind. */
export const SubscriptionCancellationScheduled = defineEvent({
  type: 'SubscriptionCancellationScheduled',
  schemaVersion: 1,
  schema: z.object({ subscriptionId: z.string(), userId: z.string(), cancelAt: iso.nullable(), at: iso }),
});

/**
 * Recorded when Stripe's subscription ended. The invoices still unpaid lapse with it (checkout's
 * pending payments read them here); before version 2 the stream recorded each as a
 * PendingPaymentExpired of its own instead, so version 1 reads as none left.
 */
export const SubscriptionCancelled = defineEvent({
  type: 'SubscriptionCancelled',
  schemaVersion: 2,
  schema: z.object({ subscriptionId: z.string(), userId: z.string(), endedAt: iso, unpaidInvoiceIds: z.array(z.string()), at: iso }),
  upcasters: { 1: (data) => ({ ...(data as object), unpaidInvoiceIds: [] }) },
});

/** Recorded when Stripe's subscription moved to another plan or number of seats (an upgrade, a switch, a seat change). */
export const SubscriptionPlanChanged = defineEvent({
  type: 'SubscriptionPlanChanged',
  schemaVersion: 1,
  schema: z.object({
    subscriptionId: z.string(),
    userId: z.string(),
    fromResourceId: z.string(),
    fromQuantity: z.number().int().min(1),
    resourceId: z.string(),
    plan: z.string(),
    title: z.string(),
    quantity: z.number().int().min(1),
    at: iso,
  }),
});

/**
 * Recorded when the subscription began with a free trial: nothing is charged until `trialEnd`, then
 * `amountCents` (before tax) in `currency`. `cardFingerprint` is Stripe's fingerprint of the card kept
 * for that charge (null when Stripe names none).
 */
export const SubscriptionTrialStarted = defineEvent({
  type: 'SubscriptionTrialStarted',
  schemaVersion: 1,
  schema: z.object({
    subscriptionId: z.string(),
    userId: z.string(),
    email: z.string().nullable(),
    title: z.string(),
    trialEnd: iso,
    amountCents: z.number().int().min(0),
    currency: z.string().length(3),
    cardFingerprint: z.string().nullable(),
    at: iso,
  }),
});

/** Stripe's warning that the trial ends soon (customer.subscription.trial_will_end, three days before): the reminder email. */
export const SubscriptionTrialEnding = defineEvent({
  type: 'SubscriptionTrialEnding',
  schemaVersion: 1,
  schema: z.object({
    subscriptionId: z.string(),
    userId: z.string(),
    email: z.string().nullable(),
    title: z.string(),
    trialEnd: iso,
    amountCents: z.number().int().min(0),
    currency: z.string().length(3),
    at: iso,
  }),
});

/**
 * The trial was refused after it started: its card had already paid for another subscription's
 * trial (`firstSubscriptionId`), so the trial is ended at once and the first charge made now.
 */
export const SubscriptionTrialRefused = defineEvent({
  type: 'SubscriptionTrialRefused',
  schemaVersion: 1,
  schema: z.object({
    subscriptionId: z.string(),
    userId: z.string(),
    email: z.string().nullable(),
    title: z.string(),
    reason: z.enum(['card_already_used']),
    firstSubscriptionId: z.string(),
    amountCents: z.number().int().min(0),
    currency: z.string().length(3),
    at: iso,
  }),
});

export const subscriptionEvents = [
  SubscriptionStarted,
  SubscriptionRenewed,
  SubscriptionPastDue,
  SubscriptionInvoiceRefunded,
  SubscriptionCancellationScheduled,
  SubscriptionCancelled,
  SubscriptionPlanChanged,
  SubscriptionTrialStarted,
  SubscriptionTrialEnding,
  SubscriptionTrialRefused,
];
export type SubscriptionEvent = ReturnType<(typeof subscriptionEvents)[number]>;
