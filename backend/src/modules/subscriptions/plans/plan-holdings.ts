import { sql } from 'kysely';
import type { MikroORM } from '@mikro-orm/postgresql';
import { planReadModels } from '../plan-read-models';
import type { HeldPlan } from './plan-change';

/** The plans an account holds now (read models): lifetime licenses and subscriptions that have not ended. */
export async function readHeldPlans(orm: MikroORM, userId: string): Promise<HeldPlan[]> {
  const rows = await planReadModels(orm.em)
    .selectFrom('rm_licenses as l')
    .leftJoin('rm_subscriptions as s', 's.subscription_id', 'l.subscription_id')
    .leftJoin('resources as r', 'r.id', 'l.resource_id')
    .select((eb) => [
      'l.license_id',
      'l.resource_id',
      eb.fn.coalesce('r.title', 'l.plan').as('title'),
      'l.plan',
      'l.kind',
      'l.seats',
      's.subscription_id',
      's.status as sub_status',
      's.quantity',
      's.cancel_at',
      's.current_period_end',
      sql<string | null>`r.metadata->>'billingInterval'`.as('billing_interval'),
    ])
    .where('l.user_id', '=', userId)
    .where('l.status', 'in', ['active', 'past_due'])
    .where((eb) => eb.or([eb('l.kind', '=', 'lifetime'), eb.and([eb('s.subscription_id', 'is not', null), eb('s.status', '<>', 'cancelled')])]))
    .orderBy('l.granted_at')
    .execute();
  return rows.map((r) => ({
    licenseId: r.license_id,
    resourceId: r.resource_id,
    title: r.title,
    plan: r.plan,
    kind: r.kind,
    quantity: r.kind === 'lifetime' ? r.seats : (r.quantity ?? 1),
    subscriptionId: r.subscription_id,
    paidUp: r.sub_status !== 'past_due',
    cancelAt: r.cancel_at?.toISOString() ?? null,
    currentPeriodEnd: r.current_period_end?.toISOString() ?? null,
    yearly: r.billing_interval === 'year',
  }));
}
