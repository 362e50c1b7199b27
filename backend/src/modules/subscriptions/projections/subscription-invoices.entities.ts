import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/**
 * Each invoice of a subscription that was charged or failed: what it billed, for which period,
 * whether it is paid, and what of it was refunded. The money trail beside checkouts: renewals and plan-change prorations
 * in the purchases, and the period a pending renewal payment is for.
 */
export const SubscriptionInvoice = defineEntity({
  name: 'SubscriptionInvoice',
  tableName: 'rm_subscription_invoices',
  properties: {
    invoiceId: p.text().primary(),
    subscriptionId: p.text(),
    userId: p.text(),
    resourceId: p.text().nullable(),
    title: p.text(),
    quantity: p.integer().nullable(),
    billingReason: p.text().nullable(),
    status: p.enum(['open', 'paid']),
    amountCents: p.integer(),
    currency: p.text(),
    periodStart: p.datetime().nullable(),
    periodEnd: p.datetime().nullable(),
    invoiceNumber: p.text().nullable(),
    failedAt: p.datetime().nullable(),
    paidAt: p.datetime().nullable(),
    /** What has been refunded of the charge that paid it, and whether all of it (Stripe's `amount_refunded`, `refunded`). */
    refundedCents: p.integer().default(0),
    refunded: p.boolean().default(false),
  },
  indexes: [
    { name: 'rm_subscription_invoices_user', expression: 'create index rm_subscription_invoices_user on rm_subscription_invoices (user_id, paid_at desc)' },
    {
      name: 'rm_subscription_invoices_subscription',
      expression: 'create index rm_subscription_invoices_subscription on rm_subscription_invoices (subscription_id)',
    },
  ],
});

export type SubscriptionInvoiceTables = ReadModelTables<typeof SubscriptionInvoice>;

/** Kysely over this table, in `em`'s transaction if it is in one. */
export const subscriptionInvoiceTables = (em: EntityManager) => em.getKysely<SubscriptionInvoiceTables, typeof readModelKysely>(readModelKysely);

/** A paid invoice's status in the purchases and the billing history, from what was refunded of its charge. */
export const paidInvoiceStatus = (row: { refunded_cents: number; refunded: boolean }): 'paid' | 'refunded' | 'partially_refunded' =>
  row.refunded ? 'refunded' : row.refunded_cents > 0 ? 'partially_refunded' : 'paid';
