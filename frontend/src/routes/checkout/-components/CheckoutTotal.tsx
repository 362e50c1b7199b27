import { formatMoney } from '@contracts/catalog/number-format';
import type { CheckoutData } from '@contracts/checkout/checkout.contract';
import { billingInterval } from '../../../components/catalog/resource-facts';
import { discountDuration, discountLabel } from './discount-words';

/** The total before Stripe's page: the list price, the discount as its own line, and what is charged (before tax). */
export function CheckoutTotal({ data }: { data: CheckoutData }) {
  const { discount, totalCents, mode } = data;
  const yearly = data.resource ? billingInterval(data.resource) === 'year' : false;
  const label = mode === 'subscription' ? `Total, billed ${yearly ? 'yearly' : 'monthly'}` : 'Total';
  if (totalCents === null)
    return (
      <div className="flex items-baseline justify-between border-t border-line pt-5">
        <span className="text-sm text-ink-muted">{label}</span>
        <span className="text-2xl font-semibold text-ink" data-testid="checkout-total">
          Contact support
        </span>
      </div>
    );
  if (!discount)
    return (
      <div className="flex items-baseline justify-between border-t border-line pt-5">
        <span className="text-sm text-ink-muted">{label}</span>
        <span className="text-2xl font-semibold text-ink" data-testid="checkout-total">
          {formatMoney(totalCents)}
        </span>
      </div>
    );
  const due = totalCents - discount.amountOffCents;
  const lasts = mode === 'subscription' || mode === 'payment' ? discountDuration(discount, mode) : '';
  const recurs = mode === 'subscription' && discount.duration.kind !== 'forever';
  // A trial charges nothing today: the discount applies to the first charge, at its end.
  const dueLabel = data.trial?.state === 'offered' ? 'First charge, after the trial' : 'Due today';
  return (
    <dl className="space-y-2 border-t border-line pt-5 text-sm" data-testid="checkout-lines">
      <div className="flex items-baseline justify-between">
        <dt className="text-ink-muted">Price</dt>
        <dd className="text-ink">{formatMoney(totalCents)}</dd>
      </div>
      <div className="flex items-baseline justify-between gap-4" data-testid="checkout-discount">
        <dt className="text-ink-muted">
          {discountLabel(discount)}
          {lasts ? <span className="text-ink-subtle">{` (${lasts})`}</span> : null}
        </dt>
        <dd className="text-success">{`−${formatMoney(discount.amountOffCents)}`}</dd>
      </div>
      <div className="flex items-baseline justify-between pt-1">
        <dt className="text-ink-muted">{recurs ? dueLabel : label}</dt>
        <dd className="text-2xl font-semibold text-ink" data-testid="checkout-total">
          {formatMoney(due)}
        </dd>
      </div>
      {recurs ? (
        <p className="text-right text-xs text-ink-subtle" data-testid="checkout-then">
          {`Then ${formatMoney(totalCents)} a ${yearly ? 'year' : 'month'}.`}
        </p>
      ) : null}
    </dl>
  );
}
