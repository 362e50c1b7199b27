import type { EntityManager } from '@mikro-orm/postgresql';
import { subscriptionTables } from './projections/subscriptions.entities';

/** The ids of an account's subscriptions, cancelled ones too. */
export async function readAccountSubscriptionIds(em: EntityManager, userId: string): Promise<string[]> {
  return (await subscriptionTables(em).selectFrom('rm_subscriptions').select('subscription_id').where('user_id', '=', userId).execute()).map(
    (r) => r.subscription_id,
  );
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
