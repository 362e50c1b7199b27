import type { PurchaseCharge } from '@contracts/checkout/checkout.contract';
import { taxLineLabel } from '@contracts/billing/tax-line-label';
import { formatMoney } from '@contracts/catalog/number-format';

/** What a paid purchase charged, as its receipt says it: the subtotal, each tax line, the total, in the purchase's currency. */
export function ChargeSummary({ charge }: { charge: PurchaseCharge }) {
  const money = (cents: number) => formatMoney(cents, charge.currency.toUpperCase());
  const rows: Array<[string, string]> = [
    ['Subtotal', money(charge.subtotalCents)],
    ...(charge.lines.length > 0
      ? charge.lines.map((line): [string, string] => [taxLineLabel(line), money(line.amountCents)])
      : [['Tax', money(charge.taxCents)] as [string, string]]),
  ];
  return (
    <dl className="max-w-sm space-y-1 text-sm" data-testid="charge-summary">
      {rows.map(([term, value], index) => (
        <div key={`${term}-${index}`} className="flex justify-between gap-4">
          <dt className="text-ink-muted">{term}</dt>
          <dd className="text-ink tabular-nums">{value}</dd>
        </div>
      ))}
      <div className="flex justify-between gap-4 border-t border-line pt-1 font-semibold">
        <dt className="text-ink">Total paid</dt>
        <dd className="text-ink tabular-nums">{money(charge.totalCents)}</dd>
      </div>
    </dl>
  );
}
