import { useId } from 'react';
import { cx } from '../ui/cx';

export type Billing = 'monthly' | 'annual';

const OPTIONS: Array<{ value: Billing; label: string; note?: string }> = [
  { value: 'monthly', label: 'Monthly' },
  { value: 'annual', label: 'Annual', note: '2 months free' },
];

/**
 * Monthly or annual prices for the plans: a native radio group (arrow keys move the choice, a
 * screen reader says "Billing, radio group, Annual, 2 months free, 2 of 2"), drawn as a switch.
 */
export function BillingChoice({ value, onChange, className }: { value: Billing; onChange: (billing: Billing) => void; className?: string }) {
  const name = useId();
  return (
    <fieldset className={cx('mx-auto flex w-fit flex-col items-center', className)}>
      <legend className="sr-only">Billing</legend>
      <div className="inline-flex rounded-full border border-line bg-surface-raised/70 p-1">
        {OPTIONS.map((option) => {
          const checked = option.value === value;
          return (
            <label
              key={option.value}
              className={cx(
                'relative inline-flex cursor-pointer items-center gap-2 rounded-full px-4 py-1.5 text-sm font-medium transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-300',
                checked ? 'bg-accent-600 text-white' : 'text-ink-muted hover:text-ink',
              )}
            >
              <input type="radio" name={name} value={option.value} checked={checked} onChange={() => onChange(option.value)} className="sr-only" />
              {option.label}
              {option.note ? (
                <span
                  className={cx('rounded-full px-2 py-0.5 text-xs font-semibold', checked ? 'bg-white text-accent-700' : 'bg-accent-500/15 text-accent-200')}
                >
                  {option.note}
                </span>
              ) : null}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
