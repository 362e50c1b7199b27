import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { DashboardData } from '@contracts/dashboard/dashboard.contract';
import { formatMoney } from '@contracts/catalog/number-format';
import { formatPeriod } from '../../../lib/billing-period';
import { formatDay } from '../../../lib/dates';
import { CreditsPanel } from './CreditsPanel';
import { governingPlan, licensesHeld } from './governing-plan';
import { EmptyState, Panel, StatusPill } from './Panel';
import { PastDueNotice } from './PastDueNotice';

function Stat({ label, value, section, badge }: { label: string; value: string | number; section: string; badge?: ReactNode }) {
  return (
    <Link
      to="/dashboard"
      search={{ section: section as never }}
      className="min-w-0 rounded-2xl border border-line bg-surface-raised p-5 transition-colors hover:border-line-strong"
    >
      <p className="text-sm text-ink-muted">{label}</p>
      <p className="mt-2 text-2xl font-semibold break-words text-ink">{value}</p>
      {badge ? <p className="mt-2">{badge}</p> : null}
    </Link>
  );
}

/** How a row of the purchases came about, before its date. */
const PURCHASE_KIND: Record<DashboardData['purchases'][number]['kind'], string> = { checkout: '', renewal: 'Renewal · ', plan_change: 'Plan change · ' };

/** The account at a glance: plan, resources, what is waiting, credits, and recent purchases. */
export function OverviewSection({ data }: { data: DashboardData }) {
  const plan = governingPlan(data);
  const held = licensesHeld(data);
  const waiting = data.pendingPayments.filter((p) => p.status === 'open' || p.status === 'processing').length;
  return (
    <div className="space-y-6">
      <PastDueNotice data={data} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat
          label="Plan"
          value={plan ? (plan.seat ? `${plan.label} (seat)` : plan.label) : 'None yet'}
          section="license"
          badge={plan?.pastDue ? <StatusPill status="past_due" label="Payment overdue" /> : undefined}
        />
        <Stat label="Resources" value={data.resources.owned.length + data.resources.included.length} section="resources" />
        <Stat label="Waiting to be paid" value={waiting} section="pending-payments" />
      </div>
      {held.length > 1 || plan?.seat ? (
        <Panel title="Licenses you hold" labelledBy="licenses-held">
          <ul className="divide-y divide-line rounded-xl border border-line text-sm" data-testid="licenses-held">
            {held.map((h) => (
              <li key={h.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3">
                <span className="font-medium text-ink">{h.title}</span>
                <span className="text-ink-muted">{h.standing}</span>
              </li>
            ))}
          </ul>
          {plan ? (
            <p className="mt-3 text-sm text-ink-muted">
              {plan.label} governs your credits{plan.seat ? ": your seat shares its owner's." : '.'}
            </p>
          ) : null}
        </Panel>
      ) : null}
      <CreditsPanel />
      <Panel title="Recent purchases" labelledBy="recent-purchases">
        {data.purchases.length === 0 ? (
          <EmptyState title="No purchases yet">
            <p>
              Start with{' '}
              <Link to="/obsidian-ai-plugin" className="text-accent-300 underline">
                a plan
              </Link>{' '}
              or{' '}
              <Link to="/resources" className="text-accent-300 underline">
                a resource
              </Link>
              .
            </p>
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line">
            {data.purchases.map((p) => (
              <li key={p.checkoutRef} data-testid="purchase" className="flex flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm">
                <div>
                  <p className="font-medium text-ink">
                    {p.title}
                    {p.quantity > 1 ? ` × ${p.quantity}` : ''}
                    {p.period ? ` · ${formatPeriod(p.period)}` : ''}
                  </p>
                  <p className="text-ink-subtle">
                    {PURCHASE_KIND[p.kind]}
                    {formatDay(p.completedAt)}
                  </p>
                </div>
                <div className="flex items-center gap-3">
                  <span className="text-ink">{formatMoney(p.amountCents, p.currency.toUpperCase())}</span>
                  <StatusPill status={p.status} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
