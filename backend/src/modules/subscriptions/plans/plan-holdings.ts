import type { MikroORM } from '@mikro-orm/postgresql';
import type { HeldPlan } from './plan-change';

/** The plans an account holds now (read models): lifetime licenses and subscriptions that have not ended. */
export async function readHeldPlans(orm: MikroORM, userId: string): Promise<HeldPlan[]> {
  const rows = await orm.em.getConnection().execute<{
    license_id: string; resource_id: string; title: string; plan: string; kind: 'lifetime' | 'subscription'; seats: number;
    subscription_id: string | null; sub_status: string | null; quantity: number | null; cancel_at: Date | null; current_period_end: Date | null;
  }[]>(
    `select l.license_id, l.resource_id, coalesce(r.title, l.plan) as title, l.plan, l.kind, l.seats,
            s.subscription_id, s.status as sub_status, s.quantity, s.cancel_at, s.current_period_end
       from rm_licenses l
       left join rm_subscriptions s on s.subscription_id = l.subscription_id
       left join resources r on r.id = l.resource_id
      where l.user_id = ? and l.status in ('active', 'past_due') and (l.kind = 'lifetime' or (s.subscription_id is not null and s.status <> 'cancelled'))
      order by l.granted_at`,
    [userId],
  );
  return rows.map((r) => ({
    licenseId: r.license_id,
    resourceId: r.resource_id,
    title: r.title,
    plan: r.plan,
    kind: r.kind,
    quantity: r.kind === 'lifetime' ? r.seats : (r.quantity ?? 1),
    subscriptionId: r.subscription_id,
    paidUp: r.sub_status !== 'past_due',
    cancelAt: r.cancel_at ? new Date(r.cancel_at).toISOString() : null,
    currentPeriodEnd: r.current_period_end ? new Date(r.current_period_end).toISOString() : null,
  }));
}
