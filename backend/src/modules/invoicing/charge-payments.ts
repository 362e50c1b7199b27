import type { MikroORM } from '@mikro-orm/postgresql';
import { readPurchase } from '../checkout';
import { invoiceDocumentTables } from './projections/invoice-documents.entity';
import type { ChargeKey } from './invoicing.events';

const DAY_MS = 86_400_000;

/** What the billing corrections need to know of an account's charges beside their documents. */
export class ChargePayments {
  constructor(private readonly orm: MikroORM) {}

  /**
   * The payment intent that paid a charge, to give money back on it: a one-time purchase's. Null
   * for a subscription's charges (paid through its invoices), whose VAT is not returned here.
   */
  async paymentIntentOf(charge: ChargeKey): Promise<string | null> {
    if (charge.kind !== 'checkout') return null;
    return (await readPurchase(this.orm.em, charge.id))?.payment_intent_id ?? null;
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
