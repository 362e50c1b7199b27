import type { ChargeTax } from '../../../../contracts/billing/charge-tax';
import type { Decider } from '../../events/decider';
import type { NewEvent } from '../../events/event-registry';
import { passedOver } from '../../events/stream-events';
import {
  SubscriptionCancellationScheduled,
  SubscriptionCancelled,
  type RenewalDiscount,
  type SubscriptionEvent,
  SubscriptionInvoiceRefunded,
  SubscriptionPastDue,
  SubscriptionPlanChanged,
  SubscriptionRenewed,
  subscriptionEvents,
  SubscriptionStarted,
  SubscriptionTrialEnding,
  SubscriptionTrialRefused,
  SubscriptionTrialStarted,
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
  /** While it is trialing: when the trial ends, what it will charge then, and the card kept for that (Stripe's fingerprint). */
  trial?: { end: string; amountCents: number; currency: string; cardFingerprint: string | null } | null;
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
  /** What a paid invoice charged, for the books (null on a failed one: nothing was charged). */
  tax: ChargeTax | null;
  /** What a discount (the checkout's promotion, for as long as it lasts) took off before tax, and its name at Stripe. */
  discount: RenewalDiscount | null;
}

/** A refund of the charge that paid one of the subscription's invoices, as Stripe has the charge now. */
export interface InvoiceRefundFacts {
  subscriptionId: string;
  invoiceId: string;
  billingReason: string;
  checkoutRef: string;
  chargeId: string;
  /** Everything refunded on the charge so far (Stripe's `amount_refunded`). */
  amountRefundedCents: number;
  currency: string;
  full: boolean;
}

type SnapshotCommand =
  | { type: 'SyncSubscription'; snapshot: SubscriptionSnapshot; at: string }
  | { type: 'RecordPaidInvoice'; snapshot: SubscriptionSnapshot; invoice: InvoiceFacts; at: string }
  | { type: 'RecordFailedInvoice'; snapshot: SubscriptionSnapshot; invoice: InvoiceFacts; at: string }
  /** Stripe's customer.subscription.trial_will_end. */
  | { type: 'RecordTrialEnding'; snapshot: SubscriptionSnapshot; at: string }
  /** Its card already paid for another subscription's trial. */
  | { type: 'RecordTrialRefusal'; snapshot: SubscriptionSnapshot; firstSubscriptionId: string; at: string };

export type SubscriptionCommand = SnapshotCommand | { type: 'RecordInvoiceRefund'; refund: InvoiceRefundFacts; at: string };

/** What a started subscription keeps: the plan and seats it bills for now, and each invoice counted. */
export interface Billing {
  userId: string;
  resourceId: string;
  quantity: number;
  cancellationScheduled: boolean;
  periodEnd: string;
  paidInvoices: string[];
  /** Failed invoices still waiting to be paid (each a pending payment). */
  unpaidInvoices: string[];
  failedInvoices: string[];
  /** What has been refunded of each paid invoice's charge so far. */
  refunds: { invoiceId: string; amountRefundedCents: number }[];
  /** Its trial, once recorded: whether the reminder went and whether it was refused. */
  trial?: { warned: boolean; refused: boolean };
}

export type SubscriptionState = { status: 'unknown' } | ({ status: 'started' } & Billing) | ({ status: 'cancelled' } & Billing);
type Started = Extract<SubscriptionState, { status: 'started' }>;

/**
 * A subscription's life from Stripe's invoices and its current state. Whatever arrives first
 * starts it; each invoice counts once; a cancelled subscription stays cancelled.
 */
/** Recorded on subscription streams before version 2 of SubscriptionCancelled; checkout's projector reads them, this decider passes over them. */
const formerPendingPayments = [passedOver('PendingPaymentOpened'), passedOver('PendingPaymentSettled'), passedOver('PendingPaymentExpired')] as const;
type StreamEvent = SubscriptionEvent | NewEvent<(typeof formerPendingPayments)[number]['type'], unknown>;

export const subscriptionDecider: Decider<SubscriptionCommand, StreamEvent, SubscriptionState> = {
  events: [...subscriptionEvents, ...formerPendingPayments],
  initialState: () => ({ status: 'unknown' }),

  evolve(state, event) {
    if (event.type === 'SubscriptionStarted') return state.status === 'unknown' ? begun(event) : state;
    // A charge can be refunded after its subscription ended.
    if (event.type === 'SubscriptionInvoiceRefunded') return state.status === 'unknown' ? state : refunded(state, event.data);
    // Nothing changes a cancelled subscription; streams recorded before version 2 of SubscriptionCancelled also hold
    // checkout's PendingPayment* events, which change nothing here either.
    if (state.status !== 'started') return state;
    switch (event.type) {
      case 'SubscriptionPlanChanged':
        return { ...state, resourceId: event.data.resourceId, quantity: event.data.quantity };
      case 'SubscriptionRenewed':
        return {
          ...state,
          periodEnd: event.data.currentPeriodEnd,
          paidInvoices: [...state.paidInvoices, event.data.invoiceId],
          unpaidInvoices: state.unpaidInvoices.filter((id) => id !== event.data.invoiceId),
        };
      case 'SubscriptionPastDue':
        return {
          ...state,
          failedInvoices: [...state.failedInvoices, event.data.invoiceId],
          unpaidInvoices: [...state.unpaidInvoices, event.data.invoiceId],
        };
      case 'SubscriptionCancellationScheduled':
        return { ...state, cancellationScheduled: event.data.cancelAt !== null };
      case 'SubscriptionCancelled':
        return { ...state, status: 'cancelled', unpaidInvoices: [] };
      case 'SubscriptionTrialStarted':
        return { ...state, trial: { warned: false, refused: false } };
      case 'SubscriptionTrialEnding':
        return state.trial ? { ...state, trial: { ...state.trial, warned: true } } : state;
      case 'SubscriptionTrialRefused':
        return state.trial ? { ...state, trial: { ...state.trial, refused: true } } : state;
      default:
        return state;
    }
  },

  decide(command, state) {
    if (command.type === 'RecordInvoiceRefund') return state.status === 'unknown' ? [] : recordRefund(command, state);
    if (state.status === 'cancelled') return [];
    if (state.status === 'unknown') {
      const started = start(command.snapshot);
      return [started, ...decideStarted(command, begun(started))];
    }
    return decideStarted(command, state);
  },
};

function decideStarted(command: SnapshotCommand, state: Started): SubscriptionEvent[] {
  switch (command.type) {
    case 'SyncSubscription':
      return withChanges(command, state, []);
    case 'RecordPaidInvoice':
      return withChanges(command, state, recordPaid(command, state));
    case 'RecordFailedInvoice':
      return withChanges(command, state, recordFailed(command, state));
    case 'RecordTrialEnding':
      return withChanges(command, state, recordTrialEnding(command, state));
    case 'RecordTrialRefusal':
      return withChanges(command, state, refuseTrial(command, state));
    default: {
      const unreachable: never = command;
      return unreachable;
    }
  }
}

type StartedEvent = ReturnType<typeof SubscriptionStarted>;

const begun = ({ data }: StartedEvent): Started => ({
  status: 'started',
  userId: data.userId,
  resourceId: data.resourceId,
  quantity: data.quantity,
  cancellationScheduled: false,
  periodEnd: data.currentPeriodEnd,
  paidInvoices: [],
  unpaidInvoices: [],
  failedInvoices: [],
  refunds: [],
});

function start(snapshot: SubscriptionSnapshot): StartedEvent {
  return SubscriptionStarted({
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
  });
}

type InvoiceCommand = Extract<SubscriptionCommand, { invoice: InvoiceFacts }>;
type RefundCommand = Extract<SubscriptionCommand, { type: 'RecordInvoiceRefund' }>;
type Billed = Exclude<SubscriptionState, { status: 'unknown' }>;

const refundedSoFar = (state: Billed, invoiceId: string) => state.refunds.find((r) => r.invoiceId === invoiceId)?.amountRefundedCents ?? 0;

const refunded = (state: Billed, { invoiceId, amountRefundedCents }: { invoiceId: string; amountRefundedCents: number }): Billed => ({
  ...state,
  refunds: [...state.refunds.filter((r) => r.invoiceId !== invoiceId), { invoiceId, amountRefundedCents }],
});

/** Only an invoice recorded as paid has a charge to refund (the handler retries one that comes first); the amount refunded only grows. */
function recordRefund({ refund, at }: RefundCommand, state: Billed): SubscriptionEvent[] {
  if (!state.paidInvoices.includes(refund.invoiceId) || refund.amountRefundedCents <= refundedSoFar(state, refund.invoiceId)) return [];
  return [SubscriptionInvoiceRefunded({ ...refund, userId: state.userId, at })];
}

function recordPaid({ snapshot, invoice, at }: InvoiceCommand, state: Started): SubscriptionEvent[] {
  if (state.paidInvoices.includes(invoice.invoiceId)) return [];
  return [
    SubscriptionRenewed({
      tax: invoice.tax,
      subscriptionId: snapshot.subscriptionId,
      userId: snapshot.userId,
      email: snapshot.email,
      title: snapshot.title,
      invoiceId: invoice.invoiceId,
      billingReason: invoice.billingReason,
      amountCents: invoice.amountCents,
      currency: invoice.currency,
      currentPeriodEnd: laterOf(invoice.periodEnd, snapshot.currentPeriodEnd),
      ...billedBy(invoice, snapshot),
      at,
      discount: invoice.discount,
    }),
  ];
}

function recordFailed({ snapshot, invoice, at }: InvoiceCommand, state: Started): SubscriptionEvent[] {
  if (state.failedInvoices.includes(invoice.invoiceId) || state.paidInvoices.includes(invoice.invoiceId)) return [];
  return [
    SubscriptionPastDue({
      subscriptionId: snapshot.subscriptionId,
      userId: snapshot.userId,
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
  ];
}

/** What every command also records from the snapshot: a move to another plan before, a scheduled or final end after. */
function withChanges({ snapshot, at }: SnapshotCommand, state: Started, recorded: SubscriptionEvent[]): SubscriptionEvent[] {
  const events: SubscriptionEvent[] = [];
  const { subscriptionId, userId } = snapshot;
  if (snapshot.trial && !state.trial)
    events.push(
      SubscriptionTrialStarted({
        subscriptionId,
        userId,
        email: snapshot.email,
        title: snapshot.title,
        trialEnd: snapshot.trial.end,
        amountCents: snapshot.trial.amountCents,
        currency: snapshot.trial.currency,
        cardFingerprint: snapshot.trial.cardFingerprint,
        at,
      }),
    );
  if (state.resourceId !== snapshot.resourceId || state.quantity !== snapshot.quantity)
    events.push(
      SubscriptionPlanChanged({
        subscriptionId,
        userId,
        fromResourceId: state.resourceId,
        fromQuantity: state.quantity,
        resourceId: snapshot.resourceId,
        plan: snapshot.plan,
        title: snapshot.title,
        quantity: snapshot.quantity,
        at,
      }),
    );
  events.push(...recorded);
  const scheduled = snapshot.cancelAtPeriodEnd || snapshot.cancelAt !== null;
  if (snapshot.status !== 'canceled' && scheduled !== state.cancellationScheduled)
    events.push(
      SubscriptionCancellationScheduled({
        subscriptionId,
        userId,
        cancelAt: scheduled ? (snapshot.cancelAt ?? snapshot.currentPeriodEnd) : null,
        at,
      }),
    );
  if (snapshot.status === 'canceled' || snapshot.status === 'incomplete_expired')
    events.push(SubscriptionCancelled({ subscriptionId, userId, endedAt: snapshot.endedAt ?? at, unpaidInvoiceIds: state.unpaidInvoices, at }));
  return events;
}

/** The reminder, once, while the trial is still on (trialing, its end known). */
function recordTrialEnding({ snapshot, at }: Extract<SnapshotCommand, { type: 'RecordTrialEnding' }>, state: Started): SubscriptionEvent[] {
  const trial = snapshot.trial;
  if (!trial || state.trial?.warned || state.trial?.refused || snapshot.cancelAtPeriodEnd) return [];
  const { subscriptionId, userId, email, title } = snapshot;
  return [SubscriptionTrialEnding({ subscriptionId, userId, email, title, trialEnd: trial.end, amountCents: trial.amountCents, currency: trial.currency, at })];
}

/** Refused once, and only a trial still running (one already over has nothing left to refuse). */
function refuseTrial(command: Extract<SnapshotCommand, { type: 'RecordTrialRefusal' }>, state: Started): SubscriptionEvent[] {
  const { snapshot, firstSubscriptionId, at } = command;
  if (!snapshot.trial || state.trial?.refused || firstSubscriptionId === snapshot.subscriptionId) return [];
  return [
    SubscriptionTrialRefused({
      subscriptionId: snapshot.subscriptionId,
      userId: snapshot.userId,
      email: snapshot.email,
      title: snapshot.title,
      reason: 'card_already_used',
      firstSubscriptionId,
      amountCents: snapshot.trial.amountCents,
      currency: snapshot.trial.currency,
      at,
    }),
  ];
}

const laterOf = (a: string | null, b: string) => (a && a > b ? a : b);
const billedBy = (invoice: InvoiceFacts, snapshot: SubscriptionSnapshot) => ({
  resourceId: snapshot.resourceId,
  quantity: snapshot.quantity,
  periodStart: invoice.periodStart,
  periodEnd: invoice.periodEnd,
  invoiceNumber: invoice.invoiceNumber,
});
