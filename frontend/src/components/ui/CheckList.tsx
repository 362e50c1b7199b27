import { Check } from 'lucide-react';
import { cx } from './cx';

/** A row of short facts, each with a check mark, centred and wrapping on a phone. */
export function CheckList({ items, className }: { items: string[]; className?: string }) {
  return (
    <ul className={cx('flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-ink-subtle', className)}>
      {items.map((item) => (
        <li key={item} className="inline-flex items-center gap-1.5">
          <Check aria-hidden="true" className="size-4 text-accent-300" />
          {item}
        </li>
      ))}
    </ul>
  );
}
