import { isFree, priceLabel } from '@contracts/catalog/resource-rules';
import type { Resource } from '@contracts/catalog/resource';
import { cx } from '../ui/cx';
import { billingInterval } from './resource-facts';

const SIZES = {
  sm: { amount: 'text-sm font-semibold', suffix: 'text-xs' },
  md: { amount: 'text-lg font-semibold', suffix: 'text-sm' },
  lg: { amount: 'text-4xl font-semibold tracking-tight', suffix: 'text-sm' },
} as const;

// "Free" or "Included with subscription" are words, not a figure: a size down at the largest size.
const WORD_SIZES = { sm: SIZES.sm.amount, md: SIZES.md.amount, lg: 'text-2xl font-semibold tracking-tight' } as const;

/**
 * The catalog's price label ("$9.00", "Free", "Included with subscription", …), with "/month"
 * after a monthly plan's price, "/year" after an annual plan's and "one payment" after a one-off plan's.
 */
export function PriceTag({
  resource,
  size = 'md',
  className,
}: {
  resource: Pick<Resource, 'priceCents' | 'accessType' | 'metadata'>;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const label = priceLabel(resource);
  // The same order priceLabel decides in: only a real amount gets a billing suffix.
  const priced = !isFree(resource) && resource.accessType !== 'subscription' && typeof resource.priceCents === 'number';
  const interval = priced ? billingInterval(resource) : undefined;
  const styles = SIZES[size];
  return (
    <p className={cx('flex flex-wrap items-baseline gap-x-1.5', className)}>
      <span className={cx(priced ? styles.amount : WORD_SIZES[size], priced ? 'text-ink tabular-nums' : 'text-accent-200')}>{label}</span>
      {interval === 'month' ? (
        <span className={cx(styles.suffix, 'text-ink-subtle')}>
          <span aria-hidden="true">/month</span>
          <span className="sr-only">per month</span>
        </span>
      ) : null}
      {interval === 'year' ? (
        <span className={cx(styles.suffix, 'text-ink-subtle')}>
          <span aria-hidden="true">/year</span>
          <span className="sr-only">per year</span>
        </span>
      ) : null}
      {interval === 'once' ? <span className={cx(styles.suffix, 'text-ink-subtle')}>one payment</span> : null}
    </p>
  );
}
