import type { EntityManager } from '@mikro-orm/postgresql';
import { unconvertedReads } from '../../platform/database/read-model-kysely';
import { type AccountStreamLink, linkKind, noLinkRef } from '../../events/account-stream-links';
import { subscriptionInvoiceTables } from './projections/subscription-invoices.entities';
import { type SubscriptionTables, subscriptionTables } from './projections/subscriptions.entities';

/** An account's subscriptions, cancelled ones too (kind `subscription`), as one part of the account's streams. */
export function subscriptionAccountLinks(em: EntityManager, userId: string) {
  return unconvertedReads<SubscriptionTables>(em)
    .selectFrom('rm_subscriptions')
    .select((eb) => [linkKind(eb, 'subscription'), 'subscription_id as id', noLinkRef(eb)])
    .where('user_id', '=', userId)
    .$castTo<AccountStreamLink>();
}

/** Whether a subscription of the account's is still running (not cancelled). */
export async function isSubscriptionRunning(em: EntityManager, userId: string, subscriptionId: string): Promise<boolean> {
  const row = await subscriptionTables(em)
    .selectFrom('rm_subscriptions')
    .select('subscription_id')
    .where('subscription_id', '=', subscriptionId)
    .where('user_id', '=', userId)
    .where('status', '<>', 'cancelled')
    .executeTakeFirst();
  return row !== undefined;
}

/** The accounts a Stripe customer id belongs to: linked to it, or subscribed through it. */
export async function readStripeCustomerUsers(em: EntityManager, customerId: string): Promise<string[]> {
  const db = subscriptionTables(em);
  const [linked, subscribed] = await Promise.all([
    db.selectFrom('rm_customers').select('user_id').where('customer_id', '=', customerId).execute(),
    db.selectFrom('rm_subscriptions').select('user_id').where('customer_id', '=', customerId).execute(),
  ]);
  return [...linked, ...subscribed].map((r) => r.user_id);
}

/** The Stripe invoice that started a subscription (its checkout's charge), once recorded. */
export async function readFirstInvoiceId(em: EntityManager, subscriptionId: string): Promise<string | null> {
  const row = await subscriptionInvoiceTables(em)
    .selectFrom('rm_subscription_invoices')
    .select('invoice_id')
    .where('subscription_id', '=', subscriptionId)
    .where('billing_reason', '=', 'subscription_create')
    .executeTakeFirst();
  return row?.invoice_id ?? null;
}
