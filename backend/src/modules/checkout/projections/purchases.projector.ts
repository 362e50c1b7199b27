import type { EntityManager } from '@mikro-orm/postgresql';
import type { EventData } from '../../../events/event-registry';
import type { Projector } from '../../../events/projector';
import type { RecordedEvent } from '../../../events/recorded-event';
import type {
  PendingPaymentExpired,
  PendingPaymentOpened,
  PendingPaymentProcessing,
  PendingPaymentSettled,
  PurchaseCompleted,
  PurchaseDisputed,
  PurchaseRefunded,
  ResourceAccessGranted,
  ResourceAccessRevoked,
} from '../checkout.events';

/** Purchases, resource access and pending payments, for the dashboard and checkout pages. */
export class PurchasesProjector implements Projector {
  readonly name = 'PurchasesProjector';
  readonly eventTypes = ['PurchaseCompleted', 'PurchaseRefunded', 'PurchaseDisputed', 'ResourceAccessGranted', 'ResourceAccessRevoked', 'PendingPaymentOpened', 'PendingPaymentProcessing', 'PendingPaymentSettled', 'PendingPaymentExpired'];
  readonly tables = ['rm_purchases', 'rm_resource_access', 'rm_pending_payments'];

  async apply(event: RecordedEvent, em: EntityManager): Promise<void> {
    const sql = (query: string, params: unknown[]) => em.execute(query, params);
    switch (event.type) {
      case 'PurchaseCompleted': {
        const d = event.data as EventData<typeof PurchaseCompleted>;
        await sql(
          `insert into rm_purchases (checkout_ref, checkout_session_id, user_id, resource_id, title, quantity, amount_cents, currency, status, payment_intent_id, subscription_id, completed_at)
           values (?, ?, ?, ?, ?, ?, ?, ?, 'paid', ?, ?, ?) on conflict (checkout_ref) do nothing`,
          [d.checkoutRef, d.checkoutSessionId, d.userId, d.resourceId, d.title, d.quantity, d.amountCents, d.currency, d.paymentIntentId, d.subscriptionId, d.completedAt],
        );
        return;
      }
      case 'PurchaseRefunded': {
        const d = event.data as EventData<typeof PurchaseRefunded>;
        await sql(`update rm_purchases set refunded_cents = ?, status = case when status = 'disputed' then status when ? then 'refunded' else 'partially_refunded' end where checkout_ref = ?`, [d.amountRefundedCents, d.full, d.checkoutRef]);
        return;
      }
      case 'PurchaseDisputed': {
        const d = event.data as EventData<typeof PurchaseDisputed>;
        await sql("update rm_purchases set status = 'disputed' where checkout_ref = ?", [d.checkoutRef]);
        return;
      }
      case 'ResourceAccessGranted': {
        const d = event.data as EventData<typeof ResourceAccessGranted>;
        await sql('insert into rm_resource_access (user_id, resource_id, source_ref, source, granted_at) values (?, ?, ?, ?, ?) on conflict do nothing', [d.userId, d.resourceId, d.sourceRef, d.source, d.at]);
        return;
      }
      case 'ResourceAccessRevoked': {
        const d = event.data as EventData<typeof ResourceAccessRevoked>;
        await sql('update rm_resource_access set revoked_at = ?, revoked_reason = ? where user_id = ? and resource_id = ? and source_ref = ?', [d.at, d.reason, d.userId, d.resourceId, d.sourceRef]);
        return;
      }
      case 'PendingPaymentOpened': {
        const d = event.data as EventData<typeof PendingPaymentOpened>;
        await sql(
          `insert into rm_pending_payments (id, user_id, resource_id, quantity, kind, status, amount_cents, currency, pay_url, checkout_session_id, expires_at, opened_at)
           values (?, ?, ?, ?, ?, 'open', ?, ?, ?, ?, ?, ?) on conflict (id) do nothing`,
          [d.pendingPaymentId, d.userId, d.resourceId, d.quantity, d.kind, d.amountCents, d.currency, d.payUrl, d.checkoutSessionId, d.expiresAt, d.openedAt],
        );
        return;
      }
      case 'PendingPaymentProcessing': {
        const d = event.data as EventData<typeof PendingPaymentProcessing>;
        await sql("update rm_pending_payments set status = 'processing' where id = ? and status = 'open'", [d.pendingPaymentId]);
        return;
      }
      case 'PendingPaymentSettled': {
        const d = event.data as EventData<typeof PendingPaymentSettled>;
        await sql("update rm_pending_payments set status = 'settled', closed_at = ? where id = ?", [d.at, d.pendingPaymentId]);
        return;
      }
      case 'PendingPaymentExpired': {
        const d = event.data as EventData<typeof PendingPaymentExpired>;
        await sql("update rm_pending_payments set status = 'expired', closed_at = ?, close_reason = ? where id = ? and status <> 'settled'", [d.at, d.reason, d.pendingPaymentId]);
        return;
      }
    }
  }
}
