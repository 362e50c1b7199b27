import type { EntityManager } from '@mikro-orm/postgresql';
import { unconvertedReads } from '../../platform/database/read-model-kysely';
import { type AccountStreamLink, linkKind, noLinkRef } from '../../events/account-stream-links';
import { checkoutPendingPaymentId } from './checkout.decider';
import { type PurchaseTables, purchaseTables } from './projections/purchases.entities';

/** An account's paid checkouts, newest first. */
export async function readAccountPurchases(em: EntityManager, userId: string) {
  return purchaseTables(em)
    .selectFrom('rm_purchases')
    .select(['checkout_ref', 'title', 'amount_cents', 'currency', 'status', 'refunded_cents', 'completed_at'])
    .where('user_id', '=', userId)
    .orderBy('completed_at', 'desc')
    .execute();
}

/** One paid checkout, or undefined. */
export async function readPurchase(em: EntityManager, checkoutRef: string) {
  return purchaseTables(em)
    .selectFrom('rm_purchases')
    .select([
      'checkout_ref',
      'user_id',
      'title',
      'resource_id',
      'quantity',
      'status',
      'amount_cents',
      'refunded_cents',
      'currency',
      'completed_at',
      'payment_intent_id',
      'subscription_id',
    ])
    .where('checkout_ref', '=', checkoutRef)
    .executeTakeFirst();
}

/** The resources an account holds now, each once (by its earliest grant still standing), by resource id. */
export async function readAccountResources(em: EntityManager, userId: string) {
  return purchaseTables(em)
    .selectFrom('rm_resource_access')
    .distinctOn('resource_id')
    .select(['resource_id', 'source', 'granted_at'])
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .orderBy('resource_id')
    .orderBy('granted_at')
    .execute();
}

/** Whether an account holds a resource by a free (or support) grant still standing: those are revoked on their own, a purchase by its refund. */
export async function holdsFreeGrant(em: EntityManager, userId: string, resourceId: string): Promise<boolean> {
  const row = await purchaseTables(em)
    .selectFrom('rm_resource_access')
    .select('resource_id')
    .where('user_id', '=', userId)
    .where('resource_id', '=', resourceId)
    .where('source', '=', 'free')
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** What an account still has to pay (open or processing), newest first. */
export async function readOpenPendingPayments(em: EntityManager, userId: string) {
  return purchaseTables(em)
    .selectFrom('rm_pending_payments')
    .select(['id', 'resource_id', 'kind', 'status', 'amount_cents', 'currency', 'opened_at', 'expires_at'])
    .where('user_id', '=', userId)
    .where('status', 'in', ['open', 'processing'])
    .orderBy('opened_at', 'desc')
    .execute();
}

const PENDING_PAYMENT_PREFIX = checkoutPendingPaymentId('');

/**
 * An account's checkout and free-access streams, as parts of the account's streams: its paid
 * checkouts and its unfinished ones (kind `checkout`, id the checkout ref), its free grants (kind
 * `free`, id the resource id).
 */
export function checkoutAccountLinks(em: EntityManager, userId: string) {
  const db = unconvertedReads<PurchaseTables>(em);
  return [
    db
      .selectFrom('rm_purchases')
      .select((eb) => [linkKind(eb, 'checkout'), 'checkout_ref as id', noLinkRef(eb)])
      .where('user_id', '=', userId),
    // A checkout's pending payment is `pp-<checkout ref>`; a renewal's names no checkout.
    db
      .selectFrom('rm_pending_payments')
      .select((eb) => [linkKind(eb, 'checkout'), eb.fn<string>('substr', ['id', eb.val(PENDING_PAYMENT_PREFIX.length + 1)]).as('id'), noLinkRef(eb)])
      .where('user_id', '=', userId)
      .where('id', 'like', `${PENDING_PAYMENT_PREFIX}%`),
    db
      .selectFrom('rm_resource_access')
      .select((eb) => [linkKind(eb, 'free'), 'resource_id as id', noLinkRef(eb)])
      .where('user_id', '=', userId)
      .where('source', '=', 'free'),
  ].map((part) => part.$castTo<AccountStreamLink>());
}

/** Whose checkout a Stripe Checkout Session or payment intent was. */
export async function readPurchasersBy(em: EntityManager, by: { checkoutSessionId: string } | { paymentIntentId: string }): Promise<string[]> {
  const db = purchaseTables(em);
  if ('paymentIntentId' in by) {
    return (await db.selectFrom('rm_purchases').select('user_id').where('payment_intent_id', '=', by.paymentIntentId).execute()).map((r) => r.user_id);
  }
  const [paid, pending] = await Promise.all([
    db.selectFrom('rm_purchases').select('user_id').where('checkout_session_id', '=', by.checkoutSessionId).execute(),
    db.selectFrom('rm_pending_payments').select('user_id').where('checkout_session_id', '=', by.checkoutSessionId).execute(),
  ]);
  return [...paid, ...pending].map((r) => r.user_id);
}
