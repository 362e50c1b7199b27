import type { MouseEvent, ReactNode } from 'react';
import { Link, useNavigate, useRouter } from '@tanstack/react-router';
import { resourceTypes, type ResourceType } from '@contracts/catalog/resource';
import { RESOURCE_TYPE_PLURAL } from '../../../components/catalog/resource-facts';
import { cx } from '../../../components/ui/cx';
import { toSearch, type Filters, type PriceFilter } from './search-params';

const PRICE_OPTIONS: { value: PriceFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Paid' },
];

/**
 * A plain link to the filtered list (works without JavaScript, opens in a new tab), that navigates
 * in place once hydrated, keeping the scroll position, and loads its results on hover or focus.
 */
function FilterLink({
  search,
  current,
  label,
  className,
  children,
}: {
  search: Filters;
  current: boolean;
  /** The accessible name, when the visible text is not the whole story (a count in a badge). */
  label?: string;
  className?: string;
  children: ReactNode;
}) {
  const router = useRouter();
  const navigate = useNavigate();
  const target = toSearch(search);
  const href = router.buildLocation({ to: '/resources', search: target }).href;
  const preload = () => {
    router.preloadRoute({ to: '/resources', search: target }).catch(() => undefined);
  };
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
      return;
    }
    event.preventDefault();
    void navigate({ to: '/resources', search: target, resetScroll: false });
  };
  return (
    <a
      href={href}
      aria-current={current ? 'true' : undefined}
      aria-label={label}
      onClick={onClick}
      onMouseEnter={preload}
      onFocus={preload}
      className={className}
    >
      {children}
    </a>
  );
}

export function PriceFilterGroup({ filters }: { filters: Filters }) {
  const active: PriceFilter = filters.price ?? 'all';
  return (
    <div className="flex items-center gap-3">
      <span aria-hidden="true" className="text-sm text-ink-subtle md:hidden">
        Price
      </span>
      <div role="group" aria-label="Price" className="inline-flex h-11 items-center rounded-xl border border-line-strong bg-surface p-1">
        {PRICE_OPTIONS.map((option) => (
          <FilterLink
            key={option.value}
            search={{ ...filters, price: option.value }}
            current={active === option.value}
            className="inline-flex h-full items-center rounded-lg px-3.5 text-sm font-medium text-ink-muted transition-colors hover:text-ink aria-[current=true]:bg-accent-600 aria-[current=true]:text-white aria-[current=true]:shadow-glow"
          >
            {option.label}
            {option.value === 'all' ? <span className="sr-only"> prices</span> : null}
          </FilterLink>
        ))}
      </div>
    </div>
  );
}

export function CategoryFilter({ filters, counts, allCount }: { filters: Filters; counts: Record<string, number>; allCount: number }) {
  const active = filters.category ?? 'all';
  const chip =
    'group inline-flex h-9 shrink-0 items-center gap-2 rounded-full border px-3.5 text-sm font-medium whitespace-nowrap transition-colors ' +
    'border-line bg-surface/60 text-ink-muted hover:border-accent-400/50 hover:text-ink ' +
    'aria-[current=true]:border-accent-400/70 aria-[current=true]:bg-accent-500/15 aria-[current=true]:text-ink';
  const countClass =
    'rounded-full bg-white/5 px-1.5 py-px text-xs text-ink-subtle tabular-nums group-aria-[current=true]:bg-accent-500/25 group-aria-[current=true]:text-accent-200';
  const options: { value: 'all' | ResourceType; label: string; count: number }[] = [
    { value: 'all', label: 'All', count: allCount },
    ...resourceTypes.map((type) => ({ value: type, label: RESOURCE_TYPE_PLURAL[type], count: counts[type] ?? 0 })),
  ];
  return (
    <div className="mt-3 border-t border-line pt-3">
      {/* A sideways-scrolling strip on a phone, wrapped rows from tablet width up. */}
      <div className="relative -mx-3 overflow-x-auto px-3 pb-1 [mask-image:linear-gradient(to_right,#000_88%,transparent)] [scrollbar-width:none] sm:-mx-0 sm:overflow-visible sm:px-0 sm:pb-0 sm:[mask-image:none] [&::-webkit-scrollbar]:hidden">
        <ul aria-label="Category" className="flex w-max gap-2 sm:w-auto sm:flex-wrap">
          {options.map((option) => (
            <li key={option.value}>
              <FilterLink
                search={{ ...filters, category: option.value }}
                current={active === option.value}
                className={cx(chip, option.count === 0 && active !== option.value && 'opacity-60')}
              >
                {option.label} <span className={countClass}>{option.count}</span>
              </FilterLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

export function ClearFiltersLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Link
      to="/resources"
      search={{}}
      resetScroll={false}
      className={cx('inline-flex items-center gap-1.5 rounded-md font-medium text-accent-300 underline-offset-4 hover:underline', className)}
    >
      {children}
    </Link>
  );
}
