import type { AccountMoment } from '../../../../contracts/admin/account-moment.contract';
import { checkoutDecider, freeAccessDecider, type PurchaseEvent } from '../checkout';
import { isoOf } from './moment-time';

type CheckoutState = ReturnType<typeof checkoutDecider.initialState>;
type PurchasedState = Extract<CheckoutState, { status: 'purchased' }>;
type FreeAccessState = ReturnType<typeof freeAccessDecider.initialState>;

/**
 * A checkout as the decider folds it (bought, refunded, disputed, the resources it opened), with
 * what the page shows of the purchase that the decider never needs: its title, price and date,
 * and when each resource was opened.
 */
export interface CheckoutMoment {
  state: CheckoutState;
  purchase: { title: string; amountCents: number; currency: string; completedAt: string } | null;
  openedAt: ReadonlyMap<string, { source: string; at: string }>;
}

export const emptyCheckout = (): CheckoutMoment => ({ state: checkoutDecider.initialState(), purchase: null, openedAt: new Map() });

export function evolveCheckout(moment: CheckoutMoment, event: PurchaseEvent): CheckoutMoment {
  const state = checkoutDecider.evolve(moment.state, event);
  switch (event.type) {
    case 'PurchaseCompleted': {
      const { title, amountCents, currency, completedAt } = event.data;
      return { ...moment, state, purchase: { title, amountCents, currency, completedAt: isoOf(completedAt) } };
    }
    case 'ResourceAccessGranted':
      return { ...moment, state, openedAt: new Map(moment.openedAt).set(event.data.resourceId, { source: event.data.source, at: isoOf(event.data.at) }) };
    default:
      return { ...moment, state };
  }
}

/** The purchase's status as the dashboard words it: a dispute outranks a refund. */
function purchaseStatus(state: PurchasedState): string {
  if (state.disputed) return 'disputed';
  if (state.refunded) return 'refunded';
  return state.refundedCents > 0 ? 'partially_refunded' : 'paid';
}

export function purchaseView(checkoutRef: string, moment: CheckoutMoment): AccountMoment['purchases'][number] | null {
  if (moment.state.status !== 'purchased' || !moment.purchase) return null;
  return { checkoutRef, ...moment.purchase, status: purchaseStatus(moment.state), refundedCents: moment.state.refundedCents };
}

/**
 * One pending payment (a checkout's, or a subscription's failed renewal): its status folded by
 * the checkout decider from its own events, whichever stream they are on, and what it was for.
 */
export interface PendingMoment {
  state: CheckoutState;
  opened: { resourceId: string; kind: string; amountCents: number; currency: string; openedAt: string; expiresAt: string | null } | null;
}

export const emptyPending = (): PendingMoment => ({ state: checkoutDecider.initialState(), opened: null });

export function evolvePending(moment: PendingMoment, event: PurchaseEvent): PendingMoment {
  const state = checkoutDecider.evolve(moment.state, event);
  if (event.type !== 'PendingPaymentOpened') return { ...moment, state };
  const { resourceId, kind, amountCents, currency, openedAt, expiresAt } = event.data;
  return { state, opened: { resourceId, kind, amountCents, currency, openedAt: isoOf(openedAt), expiresAt: expiresAt === null ? null : isoOf(expiresAt) } };
}

export function pendingView(id: string, moment: PendingMoment): AccountMoment['pendingPayments'][number] | null {
  const { status } = moment.state;
  if (!moment.opened || (status !== 'open' && status !== 'processing')) return null;
  return { id, status, ...moment.opened };
}

/** A free resource on the account, as its decider folds it, and since when. */
export interface FreeAccessMoment {
  state: FreeAccessState;
  resourceId: string;
  at: string;
}

export const emptyFreeAccess = (): FreeAccessMoment => ({ state: freeAccessDecider.initialState(), resourceId: '', at: '' });

export function evolveFreeAccess(moment: FreeAccessMoment, event: PurchaseEvent): FreeAccessMoment {
  if (event.type !== 'ResourceAccessGranted') return moment;
  const state = freeAccessDecider.evolve(moment.state, event);
  return moment.state.granted ? { ...moment, state } : { state, resourceId: event.data.resourceId, at: isoOf(event.data.at) };
}

type ResourceView = AccountMoment['resources'][number];

/** The resources open on the account: each once, by its earliest grant still standing. */
export function resourcesView(checkouts: Iterable<CheckoutMoment>, free: Iterable<FreeAccessMoment>): ResourceView[] {
  const open: ResourceView[] = [];
  for (const checkout of checkouts)
    for (const resourceId of checkout.state.status === 'purchased' ? checkout.state.access : []) {
      const opened = checkout.openedAt.get(resourceId);
      if (opened) open.push({ resourceId, source: opened.source, grantedAt: opened.at });
    }
  for (const grant of free) if (grant.state.granted) open.push({ resourceId: grant.resourceId, source: 'free', grantedAt: grant.at });
  const first = new Map<string, ResourceView>();
  for (const resource of open.sort((a, b) => a.grantedAt.localeCompare(b.grantedAt)))
    if (!first.has(resource.resourceId)) first.set(resource.resourceId, resource);
  return [...first.values()].sort((a, b) => a.resourceId.localeCompare(b.resourceId));
}
