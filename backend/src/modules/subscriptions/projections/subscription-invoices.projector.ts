import type { EntityManager } from '@mikro-orm/postgresql';
import type { Projector, Recorded } from '../../../events/projector';
import type { SubscriptionInvoiceRefunded, SubscriptionPastDue, SubscriptionRenewed } from '../subscriptions.events';
import { subscriptionInvoiceTables } from './subscription-invoices.entities';

type InvoiceEvent = Recorded<ReturnType<typeof SubscriptionRenewed> | ReturnType<typeof SubscriptionPastDue> | ReturnType<typeof SubscriptionInvoiceRefunded>>;
const date = (value: string | null) => (value === null ? null : new Date(value));

/** rm_subscription_invoices: each charged or failed invoice of a subscription, with its period (see the entity). */
export class SubscriptionInvoicesProjector implements Projector<InvoiceEvent> {
  readonly name = 'SubscriptionInvoicesProjector';
  readonly eventTypes = ['SubscriptionRenewed', 'SubscriptionPastDue', 'SubscriptionInvoiceRefunded'] as const;
  readonly tables = ['rm_subscription_invoices'];

  async apply(event: InvoiceEvent, em: EntityManager): Promise<void> {
    const db = subscriptionInvoiceTables(em);
    if (event.type === 'SubscriptionInvoiceRefunded') {
      // Recorded only after the invoice was paid on the same stream: its row is there.
      const { invoiceId, amountRefundedCents, full } = event.data;
      await db
        .updateTable('rm_subscription_invoices')
        .set({ refunded_cents: amountRefundedCents, refunded: full })
        .where('invoice_id', '=', invoiceId)
        .execute();
      return;
    }
    const d = event.data;
    const billed = {
      subscription_id: d.subscriptionId,
      user_id: d.userId,
      resource_id: d.resourceId,
      title: d.title,
      quantity: d.quantity,
      currency: d.currency,
      period_start: date(d.periodStart),
      period_end: date(d.periodEnd),
      invoice_number: d.invoiceNumber,
    };
    switch (event.type) {
      case 'SubscriptionPastDue':
        await db
          .insertInto('rm_subscription_invoices')
          .values({
            invoice_id: d.invoiceId,
            ...billed,
            billing_reason: null,
            status: 'open',
            amount_cents: event.data.amountDueCents,
            failed_at: new Date(d.at),
          })
          // Paid first (events of two streams are not ordered): it stays paid, and learns when it failed.
          .onConflict((conflict) => conflict.column('invoice_id').doUpdateSet({ failed_at: new Date(d.at) }))
          .execute();
        return;
      case 'SubscriptionRenewed': {
        const paid = { billing_reason: event.data.billingReason, status: 'paid' as const, amount_cents: event.data.amountCents, paid_at: new Date(d.at) };
        await db
          .insertInto('rm_subscription_invoices')
          .values({ invoice_id: d.invoiceId, ...billed, ...paid })
          .onConflict((conflict) => conflict.column('invoice_id').doUpdateSet(paid))
          .execute();
        return;
      }
    }
  }
}
