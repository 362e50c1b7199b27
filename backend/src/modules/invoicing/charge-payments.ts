import type { MikroORM } from '@mikro-orm/postgresql';
import { stripeIdOf, type StripeClient } from '../../integrations/stripe';
import { readPurchase } from '../checkout';
import { readFirstInvoiceId } from '../subscriptions';
import { invoiceDocumentTables } from './projections/invoice-documents.entity';
import type { ChargeKey } from './invoicing.events';

const DAY_MS = 86_400_000;

/** What the billing corrections need to know of an account's charges beside their documents. */
export class ChargePayments {
  constructor(
    private readonly orm: MikroORM,
    private readonly stripe: StripeClient,
  ) {}

  /**
   * The payment intent that paid a charge, to give money back on it: a one-time purchase's own; a
   * subscription's charges (its checkout's first invoice, renewals, plan changes) through Stripe's
   * invoice payment. Null while unknown (the first invoice not recorded yet, nothing paid).
   */
  async paymentIntentOf(charge: ChargeKey): Promise<string | null> {
    if (charge.kind === 'subscription-invoice') return this.invoicePaymentIntent(charge.id);
    const purchase = await readPurchase(this.orm.em, charge.id);
    if (purchase?.payment_intent_id) return purchase.payment_intent_id;
    const firstInvoice = purchase?.subscription_id ? await readFirstInvoiceId(this.orm.em, purchase.subscription_id) : null;
    return firstInvoice ? this.invoicePaymentIntent(firstInvoice) : null;
  }

  private async invoicePaymentIntent(invoiceId: string): Promise<string | null> {
    const payments = await this.stripe.api.invoicePayments.list({ invoice: invoiceId, status: 'paid', limit: 1 });
    return stripeIdOf(payments.data[0]?.payment.payment_intent) ?? null;
  }

  /** The account's charges with an invoice issued in the `days` before `until`, oldest first. */
  async invoicedWithin(userId: string, until: string, days: number): Promise<ChargeKey[]> {
    const rows = await invoiceDocumentTables(this.orm.em)
      .selectFrom('rm_invoice_documents')
      .select(['charge_kind', 'charge_id'])
      .distinct()
      .where('user_id', '=', userId)
      .where('kind', '=', 'invoice')
      .where('issued_at', '>=', new Date(Date.parse(until) - days * DAY_MS))
      .execute();
    return rows.map((row) => ({ kind: row.charge_kind as ChargeKey['kind'], id: row.charge_id }));
  }
}
