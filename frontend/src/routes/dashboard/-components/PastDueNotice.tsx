import { AlertTriangle } from 'lucide-react';
import { formatMoney } from '@contracts/catalog/number-format';
import type { DashboardData } from '@contracts/dashboard/dashboard.contract';
import { StatusBanner } from '../../../components/ui/StatusBanner';
import { BillingButton } from './BillingButton';
import { pastDue } from './governing-plan';

/**
 * A failed renewal, said where the customer looks first, with the way to pay it: Stripe's hosted
 * page for the open invoice, else the billing portal (which lists it).
 */
export function PastDueNotice({ data }: { data: DashboardData }) {
  const overdue = pastDue(data);
  if (!overdue) return null;
  const { license, payment } = overdue;
  return (
    <StatusBanner tone="bad" icon={<AlertTriangle aria-hidden="true" className="text-danger" />} title={`Your ${license.title} plan's renewal is unpaid`}>
      <p data-testid="past-due-warning">
        {payment
          ? `The card on file was declined for ${formatMoney(payment.amountCents, payment.currency.toUpperCase())}. Pay it to keep your plan: Stripe tries the card again meanwhile, and your plan ends if it stays unpaid.`
          : 'The card on file was declined. Pay the renewal to keep your plan: Stripe tries the card again meanwhile, and your plan ends if it stays unpaid.'}
      </p>
      <div className="flex flex-wrap items-center gap-3">
        {payment?.payUrl ? (
          <a href={payment.payUrl} className="inline-flex h-9 items-center rounded-lg bg-accent-600 px-3 text-sm font-medium text-white hover:bg-accent-700">
            Pay now
          </a>
        ) : null}
        {data.canManageBilling ? <BillingButton label={payment?.payUrl ? 'Change card in billing' : 'Pay in billing'} /> : null}
      </div>
    </StatusBanner>
  );
}
