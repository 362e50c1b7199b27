import type { DashboardData, DashboardLicense } from '@contracts/dashboard/dashboard.contract';
import { formatCount, formatMoney } from '@contracts/catalog/number-format';
import { CallToAction } from '../../../components/ui/CallToAction';
import { formatDay } from '../../../lib/dates';
import { AnnualOffer } from './AnnualOffer';
import { BillingButton } from './BillingButton';
import { KeyHealth } from './KeyHealth';
import { KeyRotation } from './KeyRotation';
import { LicenseDevices } from './LicenseDevices';
import { LicenseKey } from './LicenseKey';
import { EmptyState, Panel, StatusPill } from './Panel';
import { PastDueNotice } from './PastDueNotice';

const STATUS_LABELS: Record<DashboardLicense['status'], string> = { active: 'Active', past_due: 'Payment overdue', ended: 'Ended', revoked: 'Revoked' };

function renewalLine(license: DashboardLicense): string {
  if (license.kind === 'lifetime')
    return license.status === 'revoked' ? `Revoked after a ${license.revokedReason ?? 'refund'}.` : 'Lifetime: no renewals, ever.';
  const sub = license.subscription;
  if (!sub) return license.validUntil ? `Paid through ${formatDay(license.validUntil)}.` : '';
  if (sub.status === 'cancelled') return `Cancelled; ended ${formatDay(license.validUntil ?? sub.currentPeriodEnd)}.`;
  if (sub.trial && sub.cancelAt) return `Pro trial — ends ${formatDay(sub.trial.endsAt)}; cancelled, so you won't be charged.`;
  if (sub.trial)
    return `Pro trial — ends ${formatDay(sub.trial.endsAt)}; you'll be charged ${formatMoney(sub.trial.chargeCents, sub.trial.currency)} then. Cancel before then from Manage billing to pay nothing.`;
  if (sub.cancelAt) return `Cancels on ${formatDay(sub.cancelAt)}; it will not renew.`;
  if (sub.status === 'past_due') return 'The last renewal failed: pay it to keep your plan.';
  return `Renews on ${formatDay(sub.currentPeriodEnd)}.`;
}

/** Each license: plan, status, renewal, key, seats; and the way to Stripe's billing portal. */
export function LicenseSection({ data }: { data: DashboardData }) {
  if (data.licenses.length === 0 && data.sharedSeats.length === 0) {
    return (
      <EmptyState title="No license yet">
        <p>A plan or the lifetime license gives you a key for the plugin.</p>
        <CallToAction to="/obsidian-ai-plugin" className="mt-4">
          See plans
        </CallToAction>
      </EmptyState>
    );
  }
  return (
    <div className="space-y-6">
      <PastDueNotice data={data} />
      {data.licenses.map((license) => (
        <Panel
          key={license.licenseId}
          title={license.title}
          labelledBy={`license-${license.licenseId}`}
          action={<StatusPill status={license.status} label={STATUS_LABELS[license.status]} />}
        >
          <div className="space-y-5">
            <p className="text-sm text-ink-muted" data-testid="license-renewal">
              {renewalLine(license)}
            </p>
            {license.status !== 'revoked' ? (
              <div className="space-y-2">
                <LicenseKey value={license.key} hint={license.keyHint} />
                <KeyRotation licenseId={license.licenseId} />
              </div>
            ) : null}
            <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
              <div>
                <dt className="text-ink-subtle">Seats</dt>
                <dd className="mt-1 font-medium text-ink" data-testid="license-seats">
                  {license.seatsUsed} of {license.seats} used
                </dd>
              </div>
              <div>
                <dt className="text-ink-subtle">Devices per seat</dt>
                <dd className="mt-1 font-medium text-ink">{license.devicesPerSeat}</dd>
              </div>
              <div>
                <dt className="text-ink-subtle">Credits each month</dt>
                <dd className="mt-1 font-medium text-ink">{formatCount(license.includedCreditsPerMonth)}</dd>
              </div>
              <div>
                <dt className="text-ink-subtle">Since</dt>
                <dd className="mt-1 font-medium text-ink">{formatDay(license.grantedAt)}</dd>
              </div>
            </dl>
            {license.annualOffer ? <AnnualOffer offer={license.annualOffer} /> : null}
            <div className="flex flex-wrap gap-3">
              {license.seats > 1 ? (
                <CallToAction to="/dashboard" search={{ section: 'licensed-users' }} variant="secondary" size="sm">
                  Manage seats
                </CallToAction>
              ) : null}
              {license.kind === 'subscription' && data.canManageBilling ? <BillingButton /> : null}
            </div>
            {license.status !== 'revoked' ? <LicenseDevices license={license} /> : null}
            <KeyHealth checks={license.recentChecks} />
          </div>
        </Panel>
      ))}
      {data.sharedSeats.map((seat) => (
        <Panel
          key={seat.licenseId}
          title={`${seat.title} (a seat given to you)`}
          labelledBy={`seat-${seat.licenseId}`}
          action={<StatusPill status={seat.status} label={STATUS_LABELS[seat.status]} />}
        >
          <LicenseKey value={seat.key} hint={`${seat.key.slice(0, 5)}…-${seat.key.slice(-5)}`} label="Your seat's key" />
        </Panel>
      ))}
      {data.canManageBilling && !data.licenses.some((l) => l.kind === 'subscription') ? (
        <Panel title="Billing">
          <p className="mb-4 text-sm text-ink-muted">Invoices, receipts and payment methods are kept by Stripe.</p>
          <BillingButton />
        </Panel>
      ) : null}
    </div>
  );
}
