import type { Decider } from '../../events/decider';
import type { NewEvent } from '../../events/event-registry';
import { PendingPaymentExpired, PendingPaymentOpened, PendingPaymentSettled } from '../checkout';
import {
  SubscriptionCancellationScheduled,
  SubscriptionCancelled,
  SubscriptionPastDue,
  SubscriptionPlanChanged,
  SubscriptionRenewed,
  SubscriptionStarted,
} from './subscriptions.events';

/** The subscription as Stripe has it now (fetched, not taken from an event that may be stale). */
export interface SubscriptionSnapshot {
  subscriptionId: string;
  userId: string;
  email: string | null;
  resourceId: string;
  plan: string;
  title: string;
  customerId: string;
  quantity: number;
  licenseId: string;
  status: string;
  currentPeriodEnd: string;
  cancelAtPeriodEnd: boolean;
  cancelAt: string | null;
  endedAt: string | null;
  createdAt: string;
}

export interface InvoiceFacts {
  invoiceId: string;
  billingReason: string;
  amountCents: number;
  currency: string;
  payUrl: string | null;
  nextAttemptAt: string | null;
  /** The period the invoice pays for (its lines' earliest start and latest end). */
  periodStart: string | null;
  periodEnd: string | null;
  invoiceNumber: string | null;
}

export type SubscriptionCommand =
  | { type: 'SyncSubscription'; snapshot: SubscriptionSnapshot; at: string }
  | { type: 'RecordPaidInvoice'; snapshot: SubscriptionSnapshot; invoice: InvoiceFacts; at: string }
  | { type: 'RecordFailedInvoice'; snapshot: SubscriptionSnapshot; invoice: InvoiceFacts; at: string };

export interface SubscriptionState {
  started: boolean;
  userId: string | null;
  /** The plan and seats it bills for now. */
  resourceId: string | null;
  quantity: number;
  cancelled: boolean;
  cancellationScheduled: boolean;
  periodEnd: string | null;
  paidInvoices: string[];
  /** Failed invoices still waiting to be paid (each a pending payment). */
  unpaidInvoices: string[];
  failedInvoices: string[];
}

type Event = NewEvent;
const pendingId = (invoiceId: string) => `pp-${invoiceId}`;

/**
 * A subscription's life from Stripe's invoices and its current state. Whatever arrives first
 * starts it; each invoice counts once; a cancelled subscription stays cancelled.
 */
export const subscriptionDecider: Decider<SubscriptionCommand, Event, SubscriptionState> = {
  events: [
    SubscriptionStarted,
    SubscriptionRenewed,
    SubscriptionPastDue,
    SubscriptionCancellationScheduled,
    SubscriptionCancelled,
    SubscriptionPlanChanged,
    PendingPaymentOpened,
    PendingPaymentSettled,
    PendingPaymentExpired,
  ],
  initialState: () => ({
    started: false,
    userId: null,
    resourceId: null,
    quantity: 0,
    cancelled: false,
    cancellationScheduled: false,
    periodEnd: null,
    paidInvoices: [],
    unpaidInvoices: [],
    failedInvoices: [],
  }),

  evolve(state, event) {
    const data = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'SubscriptionStarted':
        return {
          ...state,
          started: true,
          userId: data.userId as string,
          resourceId: data.resourceId as string,
          quantity: data.quantity as number,
          periodEnd: data.currentPeriodEnd as string,
        };
      case 'SubscriptionPlanChanged':
        return { ...state, resourceId: data.resourceId as string, quantity: data.quantity as number };
      case 'SubscriptionRenewed':
        return {
          ...state,
          periodEnd: data.currentPeriodEnd as string,
          paidInvoices: [...state.paidInvoices, data.invoiceId as string],
          unpaidInvoices: state.unpaidInvoices.filter((id) => id !== data.invoiceId),
        };
      case 'SubscriptionPastDue':
        return {
          ...state,
          failedInvoices: [...state.failedInvoices, data.invoiceId as string],
          unpaidInvoices: [...state.unpaidInvoices, data.invoiceId as string],
        };
      case 'SubscriptionCancellationScheduled':
        return { ...state, cancellationScheduled: data.cancelAt !== null };
      case 'SubscriptionCancelled':
        return { ...state, cancelled: true, unpaidInvoices: [] };
      default:
        return state;
    }
  },

  decide(command, state) {
    const { snapshot, at } = command;
    const events: Event[] = [];
    if (!state.started)
      events.push(
        SubscriptionStarted({
          subscriptionId: snapshot.subscriptionId,
          userId: snapshot.userId,
          email: snapshot.email,
          resourceId: snapshot.resourceId,
          plan: snapshot.plan,
          title: snapshot.title,
          customerId: snapshot.customerId,
          quantity: snapshot.quantity,
          licenseId: snapshot.licenseId,
          currentPeriodEnd: snapshot.currentPeriodEnd,
          startedAt: snapshot.createdAt,
        }),
      );
    if (state.cancelled) return events;
    const userId = snapshot.userId;
    if (state.started && (state.resourceId !== snapshot.resourceId || state.quantity !== snapshot.quantity)) {
      events.push(
        SubscriptionPlanChanged({
          subscriptionId: snapshot.subscriptionId,
          userId,
          fromResourceId: state.resourceId ?? snapshot.resourceId,
          fromQuantity: state.quantity || snapshot.quantity,
          resourceId: snapshot.resourceId,
          plan: snapshot.plan,
          title: snapshot.title,
          quantity: snapshot.quantity,
          at,
        }),
      );
    }
    switch (command.type) {
      case 'SyncSubscription':
        break;
      case 'RecordPaidInvoice': {
        const { invoice } = command;
        if (state.paidInvoices.includes(invoice.invoiceId)) break;
        events.push(
          SubscriptionRenewed({
            subscriptionId: snapshot.subscriptionId,
            userId,
            email: snapshot.email,
            title: snapshot.title,
            invoiceId: invoice.invoiceId,
            billingReason: invoice.billingReason,
            amountCents: invoice.amountCents,
            currency: invoice.currency,
            currentPeriodEnd: laterOf(invoice.periodEnd, snapshot.currentPeriodEnd),
            ...billedBy(invoice, snapshot),
            at,
          }),
        );
        if (state.unpaidInvoices.includes(invoice.invoiceId))
          events.push(PendingPaymentSettled({ pendingPaymentId: pendingId(invoice.invoiceId), userId, at }));
        break;
      }
      case 'RecordFailedInvoice': {
        const { invoice } = command;
        if (state.failedInvoices.includes(invoice.invoiceId) || state.paidInvoices.includes(invoice.invoiceId)) break;
        events.push(
          SubscriptionPastDue({
            subscriptionId: snapshot.subscriptionId,
            userId,
            email: snapshot.email,
            title: snapshot.title,
            invoiceId: invoice.invoiceId,
            amountDueCents: invoice.amountCents,
            currency: invoice.currency,
            payUrl: invoice.payUrl,
            nextAttemptAt: invoice.nextAttemptAt,
            ...billedBy(invoice, snapshot),
            at,
          }),
          PendingPaymentOpened({
            pendingPaymentId: pendingId(invoice.invoiceId),
            userId,
            resourceId: snapshot.resourceId,
            quantity: snapshot.quantity,
            kind: 'renewal',
            amountCents: invoice.amountCents,
            currency: invoice.currency,
            payUrl: invoice.payUrl,
            checkoutSessionId: null,
            expiresAt: null,
            openedAt: at,
          }),
        );
        break;
      }
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
    const scheduled = snapshot.cancelAtPeriodEnd || snapshot.cancelAt !== null;
    if (snapshot.status !== 'canceled' && scheduled !== state.cancellationScheduled) {
      events.push(
        SubscriptionCancellationScheduled({
          subscriptionId: snapshot.subscriptionId,
          userId,
          cancelAt: scheduled ? (snapshot.cancelAt ?? snapshot.currentPeriodEnd) : null,
          at,
        }),
      );
    }
    if (snapshot.status === 'canceled' || snapshot.status === 'incomplete_expired') {
      for (const invoiceId of state.unpaidInvoices)
        events.push(PendingPaymentExpired({ pendingPaymentId: pendingId(invoiceId), userId, reason: 'subscription_cancelled', at }));
      events.push(SubscriptionCancelled({ subscriptionId: snapshot.subscriptionId, userId, endedAt: snapshot.endedAt ?? at, at }));
    }
    return events;
  },
};

const laterOf = (a: string | null, b: string) => (a && a > b ? a : b);
const billedBy = (invoice: InvoiceFacts, snapshot: SubscriptionSnapshot) => ({
  resourceId: snapshot.resourceId,
  quantity: snapshot.quantity,
  periodStart: invoice.periodStart,
  periodEnd: invoice.periodEnd,
  invoiceNumber: invoice.invoiceNumber,
});
