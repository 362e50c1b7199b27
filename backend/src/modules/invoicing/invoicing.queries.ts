import type { MikroORM } from '@mikro-orm/postgresql';
import type { BillingParty } from '../../../../contracts/billing/charge-tax';
import type { BillingCharge, BillingDocument, BillingDocumentLink, ChargeStatus } from '../../../../contracts/billing/billing.contract';
import { paymentsReadModels } from '../checkout';
import { paidInvoiceStatus } from '../subscriptions';
import { invoiceDocumentTables } from './projections/invoice-documents.entity';

const CHARGES = 100;
const iso = (value: Date) => value.toISOString();
const periodOf = (start: Date | null, end: Date | null) => (start && end ? { start: iso(start), end: iso(end) } : null);

/** The account's documents and charges, each read filtered by the owner's user id: nobody else's rows. */
export class InvoicingQueries {
  constructor(private readonly orm: MikroORM) {}

  /** The owner's document by number, or null (another account's, or none). */
  async document(userId: string, number: string): Promise<BillingDocument | null> {
    const row = await invoiceDocumentTables(this.orm.em)
      .selectFrom('rm_invoice_documents')
      .selectAll()
      .where('number', '=', number)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    const { userId: _userId, ...body } = row.document;
    return {
      ...body,
      kind: row.kind,
      number: row.number,
      invoiceNumber: row.invoice_number,
      reason: row.reason,
      pdfPath: `/billing/pdf/${row.number}.pdf`,
    };
  }

  /** The buyer the owner's latest invoice names, or null when none names one (charges from before billing details were collected). */
  async latestBuyer(userId: string): Promise<BillingParty | null> {
    const row = await invoiceDocumentTables(this.orm.em)
      .selectFrom('rm_invoice_documents')
      .select('document')
      .where('user_id', '=', userId)
      .where('kind', '=', 'invoice')
      .orderBy('issued_at', 'desc')
      .orderBy('number', 'desc')
      .executeTakeFirst();
    const buyer = row?.document.buyer;
    return buyer && (buyer.address || buyer.name || buyer.businessName) ? buyer : null;
  }

  /** The number of the owner's latest invoice for a charge, or null. */
  async invoiceOfCharge(userId: string, kind: string, id: string): Promise<string | null> {
    const row = await invoiceDocumentTables(this.orm.em)
      .selectFrom('rm_invoice_documents')
      .select('number')
      .where('charge_kind', '=', kind)
      .where('charge_id', '=', id)
      .where('user_id', '=', userId)
      .where('kind', '=', 'invoice')
      .orderBy('issued_at', 'desc')
      .orderBy('number', 'desc')
      .executeTakeFirst();
    return row?.number ?? null;
  }

  /**
   * Every charge of the account, newest first: its purchases (a subscription's first charge is its
   * checkout's), the subscription invoices paid after (renewals, plan-change charges), and the
   * payments still waiting or failed; each with the documents issued for it.
   */
  async history(userId: string): Promise<BillingCharge[]> {
    const db = paymentsReadModels(this.orm.em);
    const [purchases, renewals, pending, documents] = await Promise.all([
      db
        .selectFrom('rm_purchases')
        .select(['checkout_ref', 'title', 'amount_cents', 'currency', 'status', 'completed_at'])
        .where('user_id', '=', userId)
        .orderBy('completed_at', 'desc')
        .limit(CHARGES)
        .execute(),
      db
        .selectFrom('rm_subscription_invoices')
        .select(['invoice_id', 'title', 'billing_reason', 'amount_cents', 'currency', 'paid_at', 'period_start', 'period_end', 'refunded_cents', 'refunded'])
        .where('user_id', '=', userId)
        .where('status', '=', 'paid')
        .where('billing_reason', 'in', ['subscription_cycle', 'subscription_update'])
        .where('amount_cents', '>', 0)
        .orderBy('paid_at', 'desc')
        .limit(CHARGES)
        .execute(),
      db
        .selectFrom('rm_pending_payments as p')
        .leftJoin('resources as r', 'r.id', 'p.resource_id')
        .select(['p.id', 'p.kind', 'p.status', 'p.close_reason', 'p.amount_cents', 'p.currency', 'p.opened_at', 'p.closed_at', 'r.title'])
        .where('p.user_id', '=', userId)
        .where((eb) =>
          eb.or([eb('p.status', 'in', ['open', 'processing']), eb.and([eb('p.status', '=', 'expired'), eb('p.close_reason', '=', 'payment_failed')])]),
        )
        .orderBy('p.opened_at', 'desc')
        .limit(CHARGES)
        .execute(),
      invoiceDocumentTables(this.orm.em)
        .selectFrom('rm_invoice_documents')
        .select(['number', 'kind', 'charge_kind', 'charge_id', 'issued_at', 'total_cents', 'tax_cents', 'currency', 'document'])
        .where('user_id', '=', userId)
        .orderBy('issued_at')
        .orderBy('number')
        .execute(),
    ]);
    const byCharge = new Map<string, typeof documents>();
    for (const d of documents) byCharge.set(`${d.charge_kind}:${d.charge_id}`, [...(byCharge.get(`${d.charge_kind}:${d.charge_id}`) ?? []), d]);
    const docsOf = (key: string) => byCharge.get(key) ?? [];
    const links = (key: string): BillingDocumentLink[] =>
      docsOf(key).map((d) => ({ kind: d.kind, number: d.number, issuedAt: iso(d.issued_at), totalCents: d.total_cents, currency: d.currency }));
    // The tax in a charge is its invoice's (the latest, if it was corrected).
    const taxOf = (key: string) => docsOf(key).findLast((d) => d.kind === 'invoice')?.tax_cents ?? null;
    const totalOf = (key: string, fallback: number) => docsOf(key).findLast((d) => d.kind === 'invoice')?.total_cents ?? fallback;
    // A discount is its invoice's line below zero (charge-document.ts: the list price, then what came off it).
    const discountsOf = (key: string) =>
      (docsOf(key).findLast((d) => d.kind === 'invoice')?.document.lines ?? [])
        .filter((line) => line.amountCents < 0)
        .map((line) => ({ description: line.description, amountCents: -line.amountCents }));
    const charges: BillingCharge[] = [
      ...purchases.map((p) => {
        const key = `checkout:${p.checkout_ref}`;
        return {
          id: p.checkout_ref,
          kind: 'purchase' as const,
          title: p.title,
          at: iso(p.completed_at),
          period: null,
          amountCents: totalOf(key, p.amount_cents),
          taxCents: taxOf(key),
          discounts: discountsOf(key),
          currency: p.currency,
          status: p.status as ChargeStatus,
          documents: links(key),
        };
      }),
      ...renewals.map((r) => {
        const key = `subscription-invoice:${r.invoice_id}`;
        return {
          id: r.invoice_id,
          kind: r.billing_reason === 'subscription_update' ? ('plan_change' as const) : ('renewal' as const),
          title: r.title,
          at: iso(r.paid_at ?? new Date(0)),
          period: periodOf(r.period_start, r.period_end),
          amountCents: totalOf(key, r.amount_cents),
          taxCents: taxOf(key),
          discounts: discountsOf(key),
          currency: r.currency,
          status: paidInvoiceStatus(r),
          documents: links(key),
        };
      }),
      ...pending.map((p) => ({
        id: p.id,
        kind: p.kind === 'renewal' ? ('renewal' as const) : ('purchase' as const),
        title: p.title ?? 'Payment',
        at: iso(p.closed_at ?? p.opened_at),
        period: null,
        amountCents: p.amount_cents,
        taxCents: null,
        discounts: [],
        currency: p.currency,
        status: p.status === 'expired' ? ('failed' as const) : ('pending' as const),
        documents: [],
      })),
    ];
    return charges.sort((a, b) => b.at.localeCompare(a.at)).slice(0, CHARGES);
  }
}
