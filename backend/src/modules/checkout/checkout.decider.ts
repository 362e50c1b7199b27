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
  purchaseEvents,
  type PurchaseEvent,
} from './checkout.events';
import type { z } from 'zod';
import type { ChargeTax } from '../../../../contracts/billing/charge-tax';
import type { CheckoutDiscount } from '../../../../contracts/promotions/checkout-discount';

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
  /** The promotion the session took (named in its metadata when it opened) and what Stripe took off. */
  discount: CheckoutDiscount | null;
}

export interface ResourceFacts {
  type: string;
  title: string;
  /** Whether buying it opens the resource itself (licenses and credits are granted elsewhere). */
  grantsAccess: boolean;
}

export type CheckoutCommand =
  | { type: 'OpenCheckout'; pending: z.input<typeof PendingPaymentOpened.schema> }
  /** `tax`: what the paid charge was, for the books (null while the payment is still clearing). */
  | { type: 'CompleteCheckout'; session: SessionFacts; resource: ResourceFacts; tax: ChargeTax | null; at: string }
  | { type: 'FailAsyncPayment'; checkoutRef: string; userId: string; at: string }
  | { type: 'ExpireCheckout'; checkoutRef: string; userId: string; at: string }
  | { type: 'AbandonCheckout'; checkoutRef: string; userId: string; at: string }
  /** The buyer came back through Stripe's "back" link. */
  | { type: 'CancelCheckout'; checkoutRef: string; userId: string; at: string }
  | { type: 'RefundPurchase'; chargeId: string; amountRefundedCents: number; full: boolean; at: string }
  | { type: 'DisputePurchase'; disputeId: string; reason: string; at: string };

/**
 * Where a checkout is: nothing yet; its payment waiting (open), clearing (processing) or closed
 * unpaid (expired), or settled on its way to the purchase; or purchased, with what it opened and
 * what was taken back since. A renewal's pending payment folds through the same states.
 */
export type CheckoutState =
  | { status: 'new' }
  | { status: 'open' | 'processing' | 'settled' | 'expired'; userId: string }
  | {
      status: 'purchased';
      userId: string;
      checkoutRef: string;
      /** Resource ids opened by this purchase and not taken back. */
      access: string[];
      refundedCents: number;
      refunded: boolean;
      disputed: boolean;
    };
export type PurchasedCheckout = Extract<CheckoutState, { status: 'purchased' }>;

/**
 * One checkout, from the moment it is started to its purchase, refund or dispute. Every Stripe
 * event is a command here; what is already true yields nothing, so duplicates and any order of
 * arrival end in the same state, and only a paid session is ever fulfilled.
 */
export const checkoutDecider: Decider<CheckoutCommand, PurchaseEvent, CheckoutState> = {
  events: purchaseEvents,
  initialState: () => ({ status: 'new' }),

  evolve(state, event) {
    if (state.status !== 'purchased') {
      switch (event.type) {
        case 'PendingPaymentOpened':
          return { status: 'open', userId: event.data.userId };
        case 'PendingPaymentProcessing':
          return { status: 'processing', userId: event.data.userId };
        case 'PendingPaymentSettled':
          return { status: 'settled', userId: event.data.userId };
        case 'PendingPaymentExpired':
          return { status: 'expired', userId: event.data.userId };
        case 'PurchaseCompleted': {
          const { userId, checkoutRef } = event.data;
          return { status: 'purchased', userId, checkoutRef, access: [], refundedCents: 0, refunded: false, disputed: false };
        }
        default:
          return state;
      }
    }
    switch (event.type) {
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
        return open(command, state);
      case 'CompleteCheckout':
        return complete(command, state);
      case 'FailAsyncPayment':
        return failAsyncPayment(command, state);
      case 'ExpireCheckout':
      case 'AbandonCheckout':
      case 'CancelCheckout':
        return close(command, state);
      case 'RefundPurchase':
        return refund(command, state);
      case 'DisputePurchase':
        return dispute(command, state);
      default: {
        const unreachable: never = command;
        return unreachable;
      }
    }
  },
};

type CommandOf<Type extends CheckoutCommand['type']> = Extract<CheckoutCommand, { type: Type }>;

function open(command: CommandOf<'OpenCheckout'>, state: CheckoutState): PurchaseEvent[] {
  return state.status === 'new' ? [PendingPaymentOpened(command.pending)] : [];
}

function failAsyncPayment(command: CommandOf<'FailAsyncPayment'>, state: CheckoutState): PurchaseEvent[] {
  if (state.status === 'purchased' || state.status === 'expired') return [];
  return [PendingPaymentExpired({ pendingPaymentId: pendingId(command), userId: command.userId, reason: 'payment_failed', at: command.at })];
}

function close(command: CommandOf<'ExpireCheckout' | 'AbandonCheckout' | 'CancelCheckout'>, state: CheckoutState): PurchaseEvent[] {
  if (state.status !== 'open') return [];
  return [PendingPaymentExpired({ pendingPaymentId: pendingId(command), userId: command.userId, reason: CLOSE_REASONS[command.type], at: command.at })];
}

function refund(command: CommandOf<'RefundPurchase'>, state: CheckoutState): PurchaseEvent[] {
  if (state.status !== 'purchased' || command.amountRefundedCents <= state.refundedCents) return [];
  const refunded = PurchaseRefunded({
    checkoutRef: state.checkoutRef,
    userId: state.userId,
    chargeId: command.chargeId,
    amountRefundedCents: command.amountRefundedCents,
    full: command.full,
    at: command.at,
  });
  return command.full ? [refunded, ...revokeAll(state, 'refund', command.at)] : [refunded];
}

function dispute(command: CommandOf<'DisputePurchase'>, state: CheckoutState): PurchaseEvent[] {
  if (state.status !== 'purchased' || state.disputed) return [];
  return [
    PurchaseDisputed({ checkoutRef: state.checkoutRef, userId: state.userId, disputeId: command.disputeId, reason: command.reason, at: command.at }),
    ...revokeAll(state, 'dispute', command.at),
  ];
}

const CLOSE_REASONS = { ExpireCheckout: 'checkout_expired', AbandonCheckout: 'abandoned', CancelCheckout: 'cancelled' } as const;

/** The pending payment of a checkout is named after the checkout (its stream holds one at most). */
export const checkoutPendingPaymentId = (checkoutRef: string) => `pp-${checkoutRef}`;
const pendingId = (command: { checkoutRef: string }) => checkoutPendingPaymentId(command.checkoutRef);

function complete(command: CommandOf<'CompleteCheckout'>, state: CheckoutState): PurchaseEvent[] {
  const { session, resource, tax, at } = command;
  const pendingPaymentId = checkoutPendingPaymentId(session.checkoutRef);
  if (session.paymentStatus === 'unpaid') {
    if (state.status !== 'new' && state.status !== 'open') return [];
    const events: PurchaseEvent[] = [];
    if (state.status === 'new')
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
          discount: session.discount,
        }),
      );
    events.push(PendingPaymentProcessing({ pendingPaymentId, userId: session.userId, at }));
    return events;
  }
  const events: PurchaseEvent[] = [];
  if (state.status === 'open' || state.status === 'processing') events.push(PendingPaymentSettled({ pendingPaymentId, userId: session.userId, at }));
  if (state.status !== 'purchased') {
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
        tax,
        discount: session.discount,
      }),
    );
    if (resource.grantsAccess)
      events.push(ResourceAccessGranted({ userId: session.userId, resourceId: session.resourceId, source: 'purchase', sourceRef: session.checkoutRef, at }));
  }
  return events;
}

function revokeAll(state: PurchasedCheckout, reason: 'refund' | 'dispute', at: string): PurchaseEvent[] {
  return state.access.map((resourceId) => ResourceAccessRevoked({ userId: state.userId, resourceId, sourceRef: state.checkoutRef, reason, at }));
}
