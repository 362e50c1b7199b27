import type { TaxLine } from '../../../../../contracts/billing/charge-tax';
import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** One row per paid checkout. */
export const Purchase = defineEntity({
  name: 'Purchase',
  tableName: 'rm_purchases',
  properties: {
    checkoutRef: p.text().primary(),
    checkoutSessionId: p.text(),
    userId: p.text(),
    resourceId: p.text(),
    title: p.text(),
    quantity: p.integer(),
    amountCents: p.integer(),
    currency: p.text(),
    status: p.enum(['paid', 'refunded', 'partially_refunded', 'disputed']),
    refundedCents: p.integer().default(0),
    paymentIntentId: p.text().nullable(),
    subscriptionId: p.text().nullable(),
    completedAt: p.datetime(),
    /** What was charged before tax and as tax (in `currency`), and the tax by rate; null on purchases from before tax was collected. */
    subtotalCents: p.integer().nullable(),
    taxCents: p.integer().nullable(),
    reverseCharge: p.boolean().nullable(),
    taxLines: p.json<TaxLine[]>().nullable(),
  },
  indexes: [
    { name: 'rm_purchases_user', expression: 'create index rm_purchases_user on rm_purchases (user_id, completed_at desc)' },
    { name: 'rm_purchases_session', expression: 'create index rm_purchases_session on rm_purchases (checkout_session_id)' },
    { name: 'rm_purchases_payment_intent', expression: 'create index rm_purchases_payment_intent on rm_purchases (payment_intent_id)' },
  ],
});

/** A resource on an account: bought or added free (`sourceRef` says which purchase or grant), until revoked. */
export const ResourceAccess = defineEntity({
  name: 'ResourceAccess',
  tableName: 'rm_resource_access',
  properties: {
    userId: p.text().primary(),
    resourceId: p.text().primary(),
    sourceRef: p.text().primary(),
    source: p.text().$type<'purchase' | 'free'>(),
    grantedAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    revokedReason: p.text().nullable(),
  },
});

/** Something waiting to be paid: an unfinished checkout or a failed renewal, until settled or expired. */
export const PendingPayment = defineEntity({
  name: 'PendingPayment',
  tableName: 'rm_pending_payments',
  properties: {
    id: p.text().primary(),
    userId: p.text(),
    resourceId: p.text(),
    quantity: p.integer(),
    kind: p.text().$type<'checkout' | 'renewal'>(),
    status: p.enum(['open', 'processing', 'settled', 'expired']),
    amountCents: p.integer(),
    currency: p.text(),
    payUrl: p.text().nullable(),
    checkoutSessionId: p.text().nullable(),
    expiresAt: p.datetime().nullable(),
    openedAt: p.datetime(),
    closedAt: p.datetime().nullable(),
    closeReason: p.text().nullable(),
  },
  indexes: [
    { name: 'rm_pending_payments_user', expression: 'create index rm_pending_payments_user on rm_pending_payments (user_id, opened_at desc)' },
    { name: 'rm_pending_payments_session', expression: 'create index rm_pending_payments_session on rm_pending_payments (checkout_session_id)' },
  ],
});

export type PurchaseTables = ReadModelTables<typeof Purchase | typeof ResourceAccess | typeof PendingPayment>;

/** Kysely over these tables, in `em`'s transaction if it is in one. */
export const purchaseTables = (em: EntityManager) => em.getKysely<PurchaseTables, typeof readModelKysely>(readModelKysely);
