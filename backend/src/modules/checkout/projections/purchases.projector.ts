import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import { type PurchaseEvent, purchaseEvents } from '../checkout.events';
import { SubscriptionInvoiceRefunded } from '../../subscriptions';
import { purchaseTables } from './purchases.entities';
import { type RenewalPaymentEvent, renewalPaymentEvents, renewalPendingPayments } from './renewal-pending-payments';

const projectedEvents = [...purchaseEvents, ...renewalPaymentEvents, SubscriptionInvoiceRefunded];
type InvoiceRefundEvent = ReturnType<typeof SubscriptionInvoiceRefunded>;
type Db = ReturnType<typeof purchaseTables>;

/** Purchases, resource access and pending payments (a checkout's, or a subscription's failed renewal), for the dashboard and checkout pages. */
export class PurchasesProjector implements Projector<Recorded<PurchaseEvent | RenewalPaymentEvent | InvoiceRefundEvent>> {
  readonly name = 'PurchasesProjector';
  readonly eventTypes = projectedEvents.map((definition) => definition.type);
  readonly tables = ['rm_purchases', 'rm_resource_access', 'rm_pending_payments'];

  async apply(event: Recorded<PurchaseEvent | RenewalPaymentEvent | InvoiceRefundEvent>, em: EntityManager): Promise<void> {
    const db = purchaseTables(em);
    switch (event.type) {
      case 'SubscriptionPastDue':
      case 'SubscriptionRenewed':
      case 'SubscriptionCancelled':
        for (const pending of renewalPendingPayments(event)) await applyPurchase(pending, db);
        return;
      case 'SubscriptionInvoiceRefunded':
        // A subscription's first invoice is its checkout's charge; the later ones are the subscription's own rows.
        if (event.data.billingReason === 'subscription_create') await refundPurchase(db, event.data);
        return;
      default:
        return applyPurchase(event, db);
    }
  }
}

async function applyPurchase(event: PurchaseEvent, db: Db): Promise<void> {
  switch (event.type) {
    case 'PurchaseCompleted': {
      const d = event.data;
      await db
        .insertInto('rm_purchases')
        .values({
          checkout_ref: d.checkoutRef,
          checkout_session_id: d.checkoutSessionId,
          user_id: d.userId,
          resource_id: d.resourceId,
          title: d.title,
          quantity: d.quantity,
          amount_cents: d.amountCents,
          currency: d.currency,
          status: 'paid',
          payment_intent_id: d.paymentIntentId,
          subscription_id: d.subscriptionId,
          completed_at: new Date(d.completedAt),
          subtotal_cents: d.tax?.subtotalCents ?? null,
          tax_cents: d.tax?.taxCents ?? null,
          reverse_charge: d.tax?.reverseCharge ?? null,
          tax_lines: d.tax?.lines ?? null,
        })
        .onConflict((conflict) => conflict.column('checkout_ref').doNothing())
        .execute();
      return;
    }
    case 'PurchaseRefunded':
      return refundPurchase(db, event.data);
    case 'PurchaseDisputed':
      await db.updateTable('rm_purchases').set({ status: 'disputed' }).where('checkout_ref', '=', event.data.checkoutRef).execute();
      return;
    case 'ResourceAccessGranted': {
      const d = event.data;
      await db
        .insertInto('rm_resource_access')
        .values({ user_id: d.userId, resource_id: d.resourceId, source_ref: d.sourceRef, source: d.source, granted_at: new Date(d.at) })
        // Granted again after an admin withdrew it: open again, from the new grant.
        .onConflict((conflict) =>
          conflict
            .columns(['user_id', 'resource_id', 'source_ref'])
            .doUpdateSet({ granted_at: new Date(d.at), revoked_at: null, revoked_reason: null })
            .where('rm_resource_access.revoked_at', 'is not', null),
        )
        .execute();
      return;
    }
    case 'ResourceAccessRevoked': {
      const d = event.data;
      await db
        .updateTable('rm_resource_access')
        .set({ revoked_at: new Date(d.at), revoked_reason: d.reason })
        .where('user_id', '=', d.userId)
        .where('resource_id', '=', d.resourceId)
        .where('source_ref', '=', d.sourceRef)
        .execute();
      return;
    }
    case 'PendingPaymentOpened': {
      const d = event.data;
      await db
        .insertInto('rm_pending_payments')
        .values({
          id: d.pendingPaymentId,
          user_id: d.userId,
          resource_id: d.resourceId,
          quantity: d.quantity,
          kind: d.kind,
          status: 'open',
          amount_cents: d.amountCents,
          currency: d.currency,
          pay_url: d.payUrl,
          checkout_session_id: d.checkoutSessionId,
          expires_at: d.expiresAt === null ? null : new Date(d.expiresAt),
          opened_at: new Date(d.openedAt),
        })
        .onConflict((conflict) => conflict.column('id').doNothing())
        .execute();
      return;
    }
    case 'PendingPaymentProcessing':
      await db
        .updateTable('rm_pending_payments')
        .set({ status: 'processing' })
        .where('id', '=', event.data.pendingPaymentId)
        .where('status', '=', 'open')
        .execute();
      return;
    case 'PendingPaymentSettled':
      await db
        .updateTable('rm_pending_payments')
        .set({ status: 'settled', closed_at: new Date(event.data.at) })
        .where('id', '=', event.data.pendingPaymentId)
        .execute();
      return;
    case 'PendingPaymentExpired': {
      const d = event.data;
      await db
        .updateTable('rm_pending_payments')
        .set({ status: 'expired', closed_at: new Date(d.at), close_reason: d.reason })
        .where('id', '=', d.pendingPaymentId)
        .where('status', '<>', 'settled')
        .execute();
      return;
    }
  }
}

async function refundPurchase(db: Db, d: { checkoutRef: string; amountRefundedCents: number; full: boolean }): Promise<void> {
  const refunded: 'refunded' | 'partially_refunded' = d.full ? 'refunded' : 'partially_refunded';
  await db
    .updateTable('rm_purchases')
    .set((eb) => ({
      refunded_cents: d.amountRefundedCents,
      // A dispute outranks a refund: the dashboard keeps showing the purchase as disputed.
      status: eb.case().when('status', '=', 'disputed').then(eb.ref('status')).else(eb.val(refunded)).end(),
    }))
    .where('checkout_ref', '=', d.checkoutRef)
    .execute();
}
