import { Check } from 'lucide-react';
import { parseFeatures } from '@contracts/catalog/resource-rules';
import { cx } from '../ui/cx';

/** The catalog's feature list (an array or a '|'/newline-separated string), with check marks. */
export function FeatureList({
  features,
  className,
  dense = false,
  columns = false,
}: {
  features: unknown;
  className?: string;
  dense?: boolean;
  /** Two columns from tablet width up. */
  columns?: boolean;
}) {
  const items = parseFeatures(features);
  if (items.length === 0) return null;
  return (
    <ul className={cx(columns ? 'grid gap-3 sm:grid-cols-2' : dense ? 'space-y-2' : 'space-y-3', 'text-sm', className)}>
      {items.map((item) => (
        <li key={item} className="flex gap-3 text-ink-muted">
          <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-accent-500/15 text-accent-300">
            <Check aria-hidden="true" className="size-3.5" strokeWidth={2.5} />
          </span>
          <span className="leading-relaxed">{item}</span>
        </li>
      ))}
    </ul>
  );
}
