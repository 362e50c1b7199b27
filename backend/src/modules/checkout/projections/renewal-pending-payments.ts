import { SubscriptionCancelled, SubscriptionPastDue, SubscriptionRenewed } from '../../subscriptions';
import { PendingPaymentExpired, PendingPaymentOpened, PendingPaymentSettled, type PurchaseEvent } from '../checkout.events';

/** The subscription events a failed renewal's pending payment is read from: opened past due, settled paid, lapsed when it ends. */
export const renewalPaymentEvents = [SubscriptionPastDue, SubscriptionRenewed, SubscriptionCancelled];
export type RenewalPaymentEvent = ReturnType<(typeof renewalPaymentEvents)[number]>;

/** A renewal's pending payment is named after the invoice it waits for. */
const pendingId = (invoiceId: string) => `pp-${invoiceId}`;

/**
 * What a subscription event means for its pending payments, as the pending-payment events checkout
 * reads (never stored: subscriptions records its own events). Streams recorded before subscriptions
 * did so hold these PendingPayment* events as well; each is idempotent, so reading both changes nothing.
 */
export function renewalPendingPayments(event: RenewalPaymentEvent): PurchaseEvent[] {
  switch (event.type) {
    case 'SubscriptionPastDue': {
      const d = event.data;
      // Version 1 did not name what it bills: its stream holds the PendingPaymentOpened it stood for.
      if (d.resourceId === null || d.quantity === null) return [];
      return [
        PendingPaymentOpened({
          pendingPaymentId: pendingId(d.invoiceId),
          userId: d.userId,
          resourceId: d.resourceId,
          quantity: d.quantity,
          kind: 'renewal',
          amountCents: d.amountDueCents,
          currency: d.currency,
          payUrl: d.payUrl,
          checkoutSessionId: null,
          expiresAt: null,
          openedAt: d.at,
          discount: null,
        }),
      ];
    }
    // Any paid invoice settles its pending payment if it had one (there is none to settle otherwise).
    case 'SubscriptionRenewed':
      return [PendingPaymentSettled({ pendingPaymentId: pendingId(event.data.invoiceId), userId: event.data.userId, at: event.data.at })];
    case 'SubscriptionCancelled': {
      const { userId, at } = event.data;
      return event.data.unpaidInvoiceIds.map((invoiceId) =>
        PendingPaymentExpired({ pendingPaymentId: pendingId(invoiceId), userId, reason: 'subscription_cancelled', at }),
      );
    }
  }
}
