import type { AccessType } from '../../../../contracts/catalog/resource';

export type AccessSource = 'purchase' | 'free' | 'subscription' | 'seat';
export type PlanStatus = 'active' | 'past_due' | 'ended' | 'revoked';

/** What the read models say about one account and one resource. */
export interface EntitlementFacts {
  /** The account's grants of this resource (rm_resource_access): bought or added free, and whether taken back. */
  grants: ReadonlyArray<{ source: 'purchase' | 'free'; revoked: boolean }>;
  /** The plans (subscriptions and lifetime licenses) the account owns. */
  plans: ReadonlyArray<{ status: PlanStatus }>;
  /** The seats on other people's plans given to the account's address. */
  seats: ReadonlyArray<{ status: PlanStatus }>;
}

export type Entitlement =
  | { entitled: true; source: AccessSource }
  /** `refunded`: bought once, then refunded or disputed; `plan_ended`: included with a plan the account no longer holds. */
  | { entitled: false; reason: 'refunded' | 'plan_ended' | 'not_owned' };

// A past-due plan is still the customer's plan while Stripe retries the renewal.
const holds = (status: PlanStatus) => status === 'active' || status === 'past_due';

/**
 * Whether an account may open a resource, and why: bought (and not refunded), added free, included
 * with the account's own active plan, or with a seat on someone else's. The first that applies wins,
 * in that order, so the library names the strongest reason.
 */
export function decideEntitlement(resource: { accessType: AccessType }, facts: EntitlementFacts): Entitlement {
  const live = facts.grants.filter((g) => !g.revoked);
  if (live.some((g) => g.source === 'purchase')) return { entitled: true, source: 'purchase' };
  if (live.some((g) => g.source === 'free')) return { entitled: true, source: 'free' };
  if (resource.accessType === 'subscription') {
    if (facts.plans.some((p) => holds(p.status))) return { entitled: true, source: 'subscription' };
    if (facts.seats.some((s) => holds(s.status))) return { entitled: true, source: 'seat' };
  }
  if (facts.grants.some((g) => g.source === 'purchase')) return { entitled: false, reason: 'refunded' };
  if (resource.accessType === 'subscription' && (facts.plans.length > 0 || facts.seats.length > 0)) return { entitled: false, reason: 'plan_ended' };
  return { entitled: false, reason: 'not_owned' };
}
