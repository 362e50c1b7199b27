import { checkoutHref } from '@contracts/catalog/resource-rules';
import type { Resource } from '@contracts/catalog/resource';
import type { PlanStanding } from '@contracts/subscriptions/subscriptions.contract';
import { offersTrial, TRIAL_OFFER } from '@contracts/checkout/trial-offer';
import { billingInterval, isRecurring } from './resource-facts';

/**
 * What a plan's card offers, next to the plan the visitor holds: nothing is ever offered that
 * the checkout would refuse (the same plan again, a monthly plan over a Lifetime license, a
 * switch while a renewal is unpaid).
 */
export type PlanAction =
  | { kind: 'buy'; label: string; href: string }
  | { kind: 'yours'; label: string; note: string }
  | { kind: 'switch'; label: string; href: string; resourceId: string; quantity: number; interval: 'month' | 'year' }
  | { kind: 'included'; note: string }
  | { kind: 'overdue'; note: string };

/**
 * What the plan's button says to someone without a plan: the free trial of the plan that has one
 * (the checkout says so to an account that already had it), subscribe to a monthly or annual plan, buy a one-off one.
 */
export function planActionLabel(plan: Pick<Resource, 'id' | 'title' | 'metadata'>): string {
  if (offersTrial(plan.id, 1)) return `Start ${TRIAL_OFFER.days}-day free trial`;
  return isRecurring(plan) ? `Subscribe to ${plan.title}` : `Buy ${plan.title}`;
}

export function planAction(plan: Pick<Resource, 'id' | 'title' | 'metadata'>, held: PlanStanding | null): PlanAction {
  const buy: PlanAction = { kind: 'buy', label: planActionLabel(plan), href: checkoutHref(plan.id) };
  if (!held) return buy;
  if (held.resourceId === plan.id) {
    const note =
      held.kind === 'lifetime'
        ? 'Yours for life.'
        : !held.paidUp
          ? 'Its last renewal is unpaid.'
          : held.cancelAt
            ? 'Set to end; resume it from Manage billing.'
            : `Active, with ${held.quantity} ${held.quantity === 1 ? 'seat' : 'seats'}.`;
    return { kind: 'yours', label: 'Your plan', note };
  }
  if (held.kind === 'lifetime') return { kind: 'included', note: `Included in your ${held.title}.` };
  // Lifetime over a monthly plan is a purchase of its own; the checkout says when the subscription ends.
  if (!isRecurring(plan)) return buy;
  if (!held.paidUp) return { kind: 'overdue', note: `Pay the overdue renewal of your ${held.title} plan first, then switch.` };
  return {
    kind: 'switch',
    label: `Switch to ${plan.title}`,
    href: checkoutHref(plan.id, held.quantity),
    resourceId: plan.id,
    quantity: held.quantity,
    interval: billingInterval(plan) === 'year' ? 'year' : 'month',
  };
}
