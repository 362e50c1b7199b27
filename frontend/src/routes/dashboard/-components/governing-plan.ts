import type { DashboardData } from '@contracts/dashboard/dashboard.contract';
import { formatDay } from '../../../lib/dates';

const inForce = (status: string) => status === 'active' || status === 'past_due';

/**
 * The plan that governs the account's credits (the license in force with the most included
 * credits, as the credit balance counts it), else a seat someone gave this address.
 */
export function governingPlan(data: DashboardData): { label: string; seat: boolean; pastDue: boolean } | null {
  const own = data.licenses.filter((l) => inForce(l.status)).sort((a, b) => b.includedCreditsPerMonth - a.includedCreditsPerMonth)[0];
  if (own) return { label: own.title, seat: false, pastDue: own.status === 'past_due' };
  const seat = data.sharedSeats.find((s) => inForce(s.status));
  return seat ? { label: seat.title, seat: true, pastDue: seat.status === 'past_due' } : null;
}

/** A plan of the account's own whose renewal is unpaid, with the renewal waiting to be paid (its hosted invoice), when there is one. */
export function pastDue(data: DashboardData): { license: DashboardData['licenses'][number]; payment: DashboardData['pendingPayments'][number] | null } | null {
  const license = data.licenses.find((l) => l.status === 'past_due' || l.subscription?.status === 'past_due');
  if (!license) return null;
  const payment = data.pendingPayments.find((p) => p.kind === 'renewal' && p.status === 'open') ?? null;
  return { license, payment };
}

/** Every license the account holds or has a seat on, each with how it stands, for the overview's list. */
export function licensesHeld(data: DashboardData): Array<{ id: string; title: string; standing: string }> {
  const own = data.licenses
    .filter((l) => l.status !== 'revoked' && l.status !== 'ended')
    .map((l) => {
      const cancelAt = l.subscription?.cancelAt;
      const standing =
        l.kind === 'lifetime'
          ? 'Lifetime'
          : cancelAt
            ? `Ends ${formatDay(cancelAt)}, not renewed`
            : l.status === 'past_due'
              ? 'Payment overdue'
              : l.subscription
                ? `Renews ${formatDay(l.subscription.currentPeriodEnd)}`
                : 'Active';
      return { id: l.licenseId, title: l.title, standing };
    });
  const seats = data.sharedSeats.filter((s) => inForce(s.status)).map((s) => ({ id: `seat-${s.licenseId}`, title: s.title, standing: 'A seat given to you' }));
  return [...own, ...seats];
}
