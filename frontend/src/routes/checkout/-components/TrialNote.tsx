import type { CheckoutData } from '@contracts/checkout/checkout.contract';
import { formatMoney } from '@contracts/catalog/number-format';
import { formatDay } from '../../../lib/dates';

type Trial = NonNullable<CheckoutData['trial']>;

/** The plan's free trial at checkout: what is charged today and when the first charge comes, or why there is no trial. */
export function TrialNote({ trial, totalCents }: { trial: Trial; totalCents: number | null }) {
  if (trial.state === 'used')
    return (
      <p className="rounded-lg border border-line bg-surface/60 px-4 py-3 text-sm text-ink" data-testid="checkout-trial">
        You have already had a Pro trial, so this subscription starts now at the regular price.
      </p>
    );
  return (
    <p className="rounded-lg border border-line bg-surface/60 px-4 py-3 text-sm text-ink" data-testid="checkout-trial">
      {`${trial.days} days free: no charge until ${formatDay(trial.firstChargeAt)}`}
      {totalCents === null ? '.' : `, then ${formatMoney(totalCents)} a month. Cancel before then and you pay nothing.`}
    </p>
  );
}

/** The submit button's words: a trial starts, a subscription subscribes, anything else is paid. */
export function checkoutAction(data: Pick<CheckoutData, 'mode' | 'trial'>): string {
  if (data.trial?.state === 'offered') return `Start ${data.trial.days}-day free trial`;
  return data.mode === 'subscription' ? 'Subscribe' : 'Continue to payment';
}
