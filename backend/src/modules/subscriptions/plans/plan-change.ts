/** A plan the account holds now: a lifetime license, or a subscription that has not ended. */
export interface HeldPlan {
  licenseId: string;
  resourceId: string;
  title: string;
  plan: string;
  kind: 'lifetime' | 'subscription';
  quantity: number;
  subscriptionId: string | null;
  /** Whether Stripe bills it normally (not past due). */
  paidUp: boolean;
  /** Set when the subscription will end instead of renewing. */
  cancelAt: string | null;
  currentPeriodEnd: string | null;
  /** Billed once a year (an annual plan). */
  yearly?: boolean;
}

export interface WantedPlan {
  resourceId: string;
  title: string;
  plan: string;
  kind: 'lifetime' | 'subscription';
  quantity: number;
  /** Billed once a year (an annual plan). */
  yearly?: boolean;
}

/**
 * What buying a plan means for an account that may hold one already. One account holds one
 * plan: the same plan again is refused (a monthly plan's seats change by choosing another number
 * of seats, which is a switch); a lifetime license already includes every monthly plan's
 * features; monthly → monthly (or → annual, the same plan billed yearly) is a switch of the
 * subscription's price with proration; monthly →
 * lifetime is a new purchase after which the subscription ends at its period end. A subscription
 * already set to end counts until it ends (a switch keeps it running).
 */
export type PlanChange =
  | { kind: 'new' }
  | { kind: 'same'; held: HeldPlan }
  | { kind: 'lifetime-held'; held: HeldPlan }
  | { kind: 'overdue'; held: HeldPlan }
  | { kind: 'switch'; held: HeldPlan; direction: 'upgrade' | 'downgrade' | 'seats' }
  | { kind: 'to-lifetime'; held: HeldPlan };

/** Plans ordered by what they give: a move to a later one is an upgrade. */
const RANK: Record<string, number> = { starter: 1, pro: 2, lifetime: 3 };

/** The one plan that counts: a lifetime license over any subscription, a running subscription over one set to end. */
export function currentPlan(held: HeldPlan[]): HeldPlan | null {
  // A subscription set to end is still the plan held until it ends: a change resumes it, never a second one.
  return (
    held.find((h) => h.kind === 'lifetime') ??
    held.find((h) => h.kind === 'subscription' && h.cancelAt === null) ??
    held.find((h) => h.kind === 'subscription') ??
    null
  );
}

export function planChange(held: HeldPlan[], wanted: WantedPlan): PlanChange {
  const current = currentPlan(held);
  if (!current) return { kind: 'new' };
  if (current.kind === 'lifetime') return wanted.kind === 'lifetime' ? { kind: 'same', held: current } : { kind: 'lifetime-held', held: current };
  if (wanted.kind === 'lifetime') return { kind: 'to-lifetime', held: current };
  if (current.resourceId === wanted.resourceId && current.quantity === wanted.quantity) return { kind: 'same', held: current };
  if (!current.paidUp) return { kind: 'overdue', held: current };
  return { kind: 'switch', held: current, direction: direction(current, wanted) };
}

/** A better plan is an upgrade; the same plan billed yearly instead of monthly is one too (two months free). */
function direction(held: HeldPlan, wanted: WantedPlan): 'upgrade' | 'downgrade' | 'seats' {
  if (held.resourceId === wanted.resourceId) return 'seats';
  const [from, to] = [RANK[held.plan] ?? 0, RANK[wanted.plan] ?? 0];
  if (from !== to) return to > from ? 'upgrade' : 'downgrade';
  return wanted.yearly && !held.yearly ? 'upgrade' : 'downgrade';
}
