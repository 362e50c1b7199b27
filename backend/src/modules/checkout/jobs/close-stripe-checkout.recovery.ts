import type { MikroORM } from '@mikro-orm/postgresql';
import { paymentsReadModels } from '../payments-read-models';
import type { StripeCheckoutClosings } from './close-stripe-checkout';

/** Stripe closes a checkout itself at its `expires_at`, never more than 24 hours after it opened. */
const STRIPE_CHECKOUT_MAX_LIFETIME_MS = 24 * 3_600_000;

/**
 * After Redis lost its jobs: the close job again for every checkout we ended (abandoned or
 * cancelled) recently enough that its Stripe checkout may still be open; returns how many.
 * A job that ran already finds it closed.
 */
export async function recloseStripeCheckouts(orm: MikroORM, closings: StripeCheckoutClosings, now = new Date()): Promise<number> {
  const rows = await paymentsReadModels(orm.em)
    .selectFrom('rm_pending_payments')
    .select('id')
    .where('kind', '=', 'checkout')
    .where('close_reason', 'in', ['abandoned', 'cancelled'])
    .where('opened_at', '>', new Date(now.getTime() - STRIPE_CHECKOUT_MAX_LIFETIME_MS))
    .execute();
  for (const row of rows) await closings.close(row.id.replace(/^pp-/, ''));
  return rows.length;
}
