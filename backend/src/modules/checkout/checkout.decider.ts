import type { Decider } from '../../events/decider';
import {
  PendingPaymentExpired,
  PendingPaymentOpened,
  PendingPaymentProcessing,
  PendingPaymentSettled,
  PurchaseCompleted,
  PurchaseDisputed,
  PurchaseRefunded,
  ResourceAccessGranted,
  ResourceAccessRevoked,
  type PurchaseEvent,
} from './checkout.events';
import type { z } from 'zod';

/** What a Checkout Session says, read from whichever Stripe event brought it. */
export interface SessionFacts {
  checkoutRef: string;
  checkoutSessionId: string;
  userId: string;
  email: string | null;
  resourceId: string;
  quantity: number;
  amountCents: number;
  currency: string;
  mode: 'payment' | 'subscription';
  paymentStatus: 'paid' | 'unpaid' | 'no_payment_required';
  customerId: string | null;
  paymentIntentId: string | null;
  subscriptionId: string | null;
}

export interface ResourceFacts {
  type: string;
  title: string;
  /** Whether buying it opens the resource itself (licenses and credits are granted elsewhere). */
  grantsAccess: boolean;
}

export type CheckoutCommand =
  | { type: 'OpenCheckout'; pending: z.input<typeof PendingPaymentOpened.schema> }
  | { type: 'CompleteCheckout'; session: SessionFacts; resource: ResourceFacts; at: string }
  | { type: 'FailAsyncPayment'; checkoutRef: string; userId: string; at: string }
  | { type: 'ExpireCheckout'; checkoutRef: string; userId: string; at: string }
  | { type: 'AbandonCheckout'; checkoutRef: string; userId: string; at: string }
  /** The buyer came back through Stripe's "back" link. */
  | { type: 'CancelCheckout'; checkoutRef: string; userId: string; at: string }
  | { type: 'RefundPurchase'; chargeId: string; amountRefundedCents: number; full: boolean; at: string }
  | { type: 'DisputePurchase'; disputeId: string; reason: string; at: string };

type PendingStatus = 'open' | 'processing' | 'settled' | 'expired';

export interface CheckoutState {
  userId: string | null;
  checkoutRef: string | null;
  pending: PendingStatus | null;
  purchased: boolean;
  /** Resource ids opened by this purchase and not taken back. */
  access: string[];
  refundedCents: number;
  refunded: boolean;
  disputed: boolean;
}

/**
 * One checkout, from the moment it is started to its purchase, refund or dispute. Every Stripe
 * event is a command here; what is already true yields nothing, so duplicates and any order of
 * arrival end in the same state, and only a paid session is ever fulfilled.
 */
export const checkoutDecider: Decider<CheckoutCommand, PurchaseEvent, CheckoutState> = {
  events: [
    PendingPaymentOpened,
    PendingPaymentProcessing,
    PendingPaymentSettled,
    PendingPaymentExpired,
    PurchaseCompleted,
    PurchaseRefunded,
    PurchaseDisputed,
    ResourceAccessGranted,
    ResourceAccessRevoked,
  ],
  initialState: () => ({ userId: null, checkoutRef: null, pending: null, purchased: false, access: [], refundedCents: 0, refunded: false, disputed: false }),

  evolve(state, event) {
    switch (event.type) {
      case 'PendingPaymentOpened':
        return { ...state, userId: event.data.userId, pending: 'open' };
      case 'PendingPaymentProcessing':
        return { ...state, pending: 'processing' };
      case 'PendingPaymentSettled':
        return { ...state, pending: 'settled' };
      case 'PendingPaymentExpired':
        return { ...state, pending: 'expired' };
      case 'PurchaseCompleted':
        return { ...state, userId: event.data.userId, checkoutRef: event.data.checkoutRef, purchased: true };
      case 'ResourceAccessGranted':
        return { ...state, access: [...state.access, event.data.resourceId] };
      case 'ResourceAccessRevoked':
        return { ...state, access: state.access.filter((id) => id !== event.data.resourceId) };
      case 'PurchaseRefunded':
        return { ...state, refundedCents: event.data.amountRefundedCents, refunded: state.refunded || event.data.full };
      case 'PurchaseDisputed':
        return { ...state, disputed: true };
      default:
        return state;
    }
  },

  decide(command, state) {
    switch (command.type) {
      case 'OpenCheckout':
        return state.pending || state.purchased ? [] : [PendingPaymentOpened(command.pending)];
      case 'CompleteCheckout':
        return complete(command, state);
      case 'FailAsyncPayment': {
        if (state.purchased || state.pending === 'expired') return [];
        return [PendingPaymentExpired({ pendingPaymentId: pendingId(command), userId: command.userId, reason: 'payment_failed', at: command.at })];
      }
      case 'ExpireCheckout':
      case 'AbandonCheckout':
      case 'CancelCheckout':
        return state.pending === 'open' && !state.purchased
          ? [PendingPaymentExpired({ pendingPaymentId: pendingId(command), userId: command.userId, reason: CLOSE_REASONS[command.type], at: command.at })]
          : [];
      case 'RefundPurchase': {
        if (!state.purchased || command.amountRefundedCents <= state.refundedCents) return [];
        const events: PurchaseEvent[] = [
          PurchaseRefunded({
            checkoutRef: state.checkoutRef!,
            userId: state.userId!,
            chargeId: command.chargeId,
            amountRefundedCents: command.amountRefundedCents,
            full: command.full,
            at: command.at,
          }),
        ];
        if (command.full) events.push(...revokeAll(state, 'refund', command.at));
        return events;
      }
      case 'DisputePurchase':
        if (!state.purchased || state.disputed) return [];
        return [
          PurchaseDisputed({ checkoutRef: state.checkoutRef!, userId: state.userId!, disputeId: command.disputeId, reason: command.reason, at: command.at }),
          ...revokeAll(state, 'dispute', command.at),
        ];
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};

const CLOSE_REASONS = { ExpireCheckout: 'checkout_expired', AbandonCheckout: 'abandoned', CancelCheckout: 'cancelled' } as const;

/** The pending payment of a checkout is named after the checkout (its stream holds one at most). */
export const checkoutPendingPaymentId = (checkoutRef: string) => `pp-${checkoutRef}`;
const pendingId = (command: { checkoutRef: string }) => checkoutPendingPaymentId(command.checkoutRef);

function complete(command: Extract<CheckoutCommand, { type: 'CompleteCheckout' }>, state: CheckoutState): PurchaseEvent[] {
  const { session, resource, at } = command;
  const pendingPaymentId = checkoutPendingPaymentId(session.checkoutRef);
  if (session.paymentStatus === 'unpaid') {
    if (state.purchased || state.pending === 'processing' || state.pending === 'expired' || state.pending === 'settled') return [];
    const events: PurchaseEvent[] = [];
    if (!state.pending)
      events.push(
        PendingPaymentOpened({
          pendingPaymentId,
          userId: session.userId,
          resourceId: session.resourceId,
          quantity: session.quantity,
          kind: 'checkout',
          amountCents: session.amountCents,
          currency: session.currency,
          payUrl: null,
          checkoutSessionId: session.checkoutSessionId,
          expiresAt: null,
          openedAt: at,
        }),
      );
    events.push(PendingPaymentProcessing({ pendingPaymentId, userId: session.userId, at }));
    return events;
  }
  const events: PurchaseEvent[] = [];
  if (state.pending === 'open' || state.pending === 'processing') events.push(PendingPaymentSettled({ pendingPaymentId, userId: session.userId, at }));
  if (!state.purchased) {
    events.push(
      PurchaseCompleted({
        checkoutRef: session.checkoutRef,
        checkoutSessionId: session.checkoutSessionId,
        userId: session.userId,
        email: session.email,
        resourceId: session.resourceId,
        resourceType: resource.type,
        title: resource.title,
        quantity: session.quantity,
        amountCents: session.amountCents,
        currency: session.currency,
        mode: session.mode,
        customerId: session.customerId,
        paymentIntentId: session.paymentIntentId,
        subscriptionId: session.subscriptionId,
        completedAt: at,
      }),
    );
    if (resource.grantsAccess)
      events.push(ResourceAccessGranted({ userId: session.userId, resourceId: session.resourceId, source: 'purchase', sourceRef: session.checkoutRef, at }));
  }
  return events;
}

function revokeAll(state: CheckoutState, reason: 'refund' | 'dispute', at: string): PurchaseEvent[] {
  return state.access.map((resourceId) => ResourceAccessRevoked({ userId: state.userId!, resourceId, sourceRef: state.checkoutRef!, reason, at }));
}
