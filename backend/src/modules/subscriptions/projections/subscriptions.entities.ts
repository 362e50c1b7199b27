import { defineEntity, type EntityManager, p } from '@mikro-orm/postgresql';
import { type ReadModelTables, readModelKysely } from '../../../platform/database/read-model-kysely';

/** A subscription: its plan, seats, standing and renewal date. */
export const Subscription = defineEntity({
  name: 'Subscription',
  tableName: 'rm_subscriptions',
  properties: {
    subscriptionId: p.text().primary(),
    userId: p.text(),
    resourceId: p.text(),
    plan: p.text(),
    title: p.text(),
    customerId: p.text(),
    licenseId: p.text(),
    quantity: p.integer(),
    status: p.enum(['active', 'past_due', 'cancelled']),
    currentPeriodEnd: p.datetime(),
    cancelAt: p.datetime().nullable(),
    renewals: p.integer().default(0),
    startedAt: p.datetime(),
    cancelledAt: p.datetime().nullable(),
    /** Its free trial: when it ends and what it charges then (null without one, or once it was refused). */
    trialEndsAt: p.datetime().nullable(),
    trialAmountCents: p.integer().nullable(),
    trialCurrency: p.text().nullable(),
  },
  indexes: [{ name: 'rm_subscriptions_user', expression: 'create index rm_subscriptions_user on rm_subscriptions (user_id, started_at desc)' }],
});

/** Each user's Stripe customer (the billing portal opens on it). */
export const StripeCustomer = defineEntity({
  name: 'StripeCustomer',
  tableName: 'rm_customers',
  properties: {
    userId: p.text().primary(),
    customerId: p.text(),
  },
  indexes: [{ name: 'rm_customers_customer', expression: 'create index rm_customers_customer on rm_customers (customer_id)' }],
});

export type SubscriptionTables = ReadModelTables<typeof Subscription | typeof StripeCustomer>;

/** Kysely over these tables, in `em`'s transaction if it is in one. */
export const subscriptionTables = (em: EntityManager) => em.getKysely<SubscriptionTables, typeof readModelKysely>(readModelKysely);
