import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import {
  createFileRoute,
  Link,
  useNavigate,
  useRouter,
  useRouterState,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import { LoaderCircle, Search, SearchX, X } from 'lucide-react';
import { z } from 'zod';
import {
  RESOURCE_QUERY_MAX,
  resourcesSearchSchema,
  type ResourcesSearch,
} from '../../../../contracts/catalog.contract';
import { resourceTypes, type ResourceType } from '../../../../contracts/catalog/resource';
import { ResourceCard } from '../../components/catalog/ResourceCard';
import { plural, RESOURCE_TYPE_PLURAL } from '../../components/catalog/resource-facts';
import { RouteErrorScreen } from '../../components/screens/RouteErrorScreen';
import { Button, ButtonLink } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { pageHead } from '../../lib/seo';
import { normalizeResourcesSearch, resourcesQuery } from '../../queries/catalog';

/**
 * The contract's schema, fed what a person can type. The router reads `?q=30` as the number 30
 * (it JSON-parses each value), but a search is text, so a scalar q is read back as text first.
 * The input type stays the schema's, so links and navigate() are typed against it.
 */
const resourcesSearchParams = z.preprocess<
  unknown,
  typeof resourcesSearchSchema,
  z.input<typeof resourcesSearchSchema>
>((raw) => {
  if (typeof raw !== 'object' || raw === null || !('q' in raw)) return raw;
  const { q } = raw as { q: unknown };
  return typeof q === 'number' || typeof q === 'boolean' || q === null ? { ...raw, q: String(q) } : raw;
}, resourcesSearchSchema);

const DESCRIPTION =
  'Templates, bundles, courses, ebooks, 1-on-1 sessions and credit packs for SystemSculpt AI: everything to get more out of AI in your Obsidian vault.';

export const Route = createFileRoute('/resources/')({
  validateSearch: resourcesSearchParams,
  // Only the three filters reach the server function (its input is strict), one spelling each.
  loaderDeps: ({ search }) => normalizeResourcesSearch(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(resourcesQuery(deps)),
  head: (ctx) => pageHead(ctx, { title: 'Resources', description: DESCRIPTION, path: '/resources' }),
  errorComponent: ResourcesErrorScreen,
  component: ResourcesPage,
});

type Filters = ResourcesSearch;
type PriceFilter = NonNullable<Filters['price']>;

/** The URL's search for a set of filters: nothing for "no filter", so the plain list is /resources. */
function toSearch(filters: Filters): Filters {
  return normalizeResourcesSearch(filters);
}

const PRICE_OPTIONS: { value: PriceFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'free', label: 'Free' },
  { value: 'paid', label: 'Paid' },
];

const SEARCH_DEBOUNCE_MS = 250;

function ResourcesPage() {
  const filters = normalizeResourcesSearch(Route.useSearch());
  const { data } = useSuspenseQuery(resourcesQuery(filters));
  const navigate = Route.useNavigate();
  // Dim the results while the next set loads (the old ones stay until then).
  const pending = useRouterState({ select: (state) => state.status === 'pending' });

  // From the URL's search at the moment it runs, so a debounced search cannot undo a filter
  // picked in the meantime.
  const setFilters = (next: Partial<Filters>, options: { replace?: boolean } = {}) =>
    navigate({
      to: '/resources',
      search: (previous) => toSearch({ ...normalizeResourcesSearch(previous), ...next }),
      replace: options.replace,
      resetScroll: false,
    });

  const allCount = Object.values(data.countsByType).reduce((sum, count) => sum + count, 0);
  const filtered = Boolean(filters.q || filters.category || filters.price);
  const resultsId = useId();

  return (
    <div className="relative isolate">
      <div
        aria-hidden="true"
        className="bg-hero-glow pointer-events-none absolute inset-x-0 top-0 -z-10 h-[28rem] opacity-70"
      />
      <div className="mx-auto w-full max-w-6xl px-4 pt-12 pb-4 sm:px-6 sm:pt-16 lg:px-8">
        <header className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent-300">Resources</p>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight text-ink sm:text-5xl">Resources for your vault</h1>
          <p className="mt-4 text-base leading-relaxed text-ink-muted sm:text-lg">
            Templates, bundles, courses, ebooks, 1‑on‑1 sessions and credit packs, made to get more out of SystemSculpt
            AI.
          </p>
        </header>

        <div className="mt-10 rounded-2xl border border-line bg-surface-raised/60 p-3 shadow-panel sm:p-4">
          <div className="flex flex-col gap-3 md:flex-row md:items-center">
            <SearchForm
              filters={filters}
              resultsId={resultsId}
              onSearch={(q, replace) => void setFilters({ q }, { replace })}
            />
            <PriceFilterGroup filters={filters} />
          </div>
          <CategoryFilter filters={filters} counts={data.countsByType} allCount={allCount} />
        </div>

        <div className="mt-8 flex min-h-9 flex-wrap items-center justify-between gap-3">
          <p role="status" className="inline-flex items-center gap-2 text-sm text-ink-muted">
            <span>
              <span className="font-semibold text-ink tabular-nums">{plural(data.total, 'resource', 'resources')}</span>
              {filters.q ? (
                <>
                  {' '}
                  matching “<span className="text-ink">{filters.q}</span>”
                </>
              ) : null}
            </span>
            {pending ? (
              <span className="inline-flex items-center gap-1.5 text-ink-subtle">
                <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
                Updating…
              </span>
            ) : null}
          </p>
          {filtered ? (
            <ClearFiltersLink className="text-sm">
              <X aria-hidden="true" className="size-4" />
              Clear filters
            </ClearFiltersLink>
          ) : null}
        </div>

        <div
          id={resultsId}
          aria-busy={pending || undefined}
          className={cx('mt-5 transition-opacity duration-200', pending && 'opacity-55')}
        >
          {data.resources.length === 0 ? (
            <EmptyState query={filters.q} />
          ) : (
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
              {data.resources.map((resource, index) => (
                <li key={resource.id} className="min-w-0">
                  <ResourceCard resource={resource} priority={index < 2} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------ */

/**
 * A GET form to /resources, so searching works before (or without) JavaScript; once hydrated,
 * typing updates the URL after a short pause, replacing the history entry.
 */
function SearchForm({
  filters,
  resultsId,
  onSearch,
}: {
  filters: Filters;
  resultsId: string;
  onSearch: (q: string | undefined, replace: boolean) => void;
}) {
  const inputId = useId();
  const urlQuery = filters.q ?? '';
  const [text, setText] = useState(urlQuery);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // The URL changed from elsewhere (a link, Clear filters, Back): show its query, unless it is
  // just what is being typed, trimmed.
  useEffect(() => {
    setText((current) => (current.trim() === urlQuery ? current : urlQuery));
  }, [urlQuery]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (value: string, replace: boolean) => {
    clearTimeout(timer.current);
    const q = value.trim().slice(0, RESOURCE_QUERY_MAX) || undefined;
    if (q !== filters.q) onSearch(q, replace);
  };

  return (
    <form
      role="search"
      action="/resources"
      method="get"
      className="flex min-w-0 flex-1 gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        commit(text, false);
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Search resources
      </label>
      <div className="relative min-w-0 flex-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-subtle"
        />
        <input
          id={inputId}
          name="q"
          type="search"
          value={text}
          maxLength={RESOURCE_QUERY_MAX}
          autoComplete="off"
          spellCheck={false}
          placeholder="Search resources"
          aria-controls={resultsId}
          onChange={(event) => {
            const value = event.target.value;
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => commit(value, true), SEARCH_DEBOUNCE_MS);
          }}
          className="h-11 w-full rounded-xl border border-line-strong bg-surface pr-3 pl-10 text-base text-ink transition-colors placeholder:text-ink-subtle hover:border-accent-400/50 focus:border-accent-400 sm:text-sm"
        />
      </div>
      {/* Keep the other filters when the form is submitted without JavaScript. */}
      {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
      {filters.price ? <input type="hidden" name="price" value={filters.price} /> : null}
      <Button type="submit" variant="secondary" className="h-11 rounded-xl">
        Search
      </Button>
    </form>
  );
}

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
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
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

function PriceFilterGroup({ filters }: { filters: Filters }) {
  const active: PriceFilter = filters.price ?? 'all';
  return (
    <div className="flex items-center gap-3">
      <span aria-hidden="true" className="text-sm text-ink-subtle md:hidden">
        Price
      </span>
      <div
        role="group"
        aria-label="Price"
        className="inline-flex h-11 items-center rounded-xl border border-line-strong bg-surface p-1"
      >
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

function CategoryFilter({
  filters,
  counts,
  allCount,
}: {
  filters: Filters;
  counts: Record<string, number>;
  allCount: number;
}) {
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
                {option.label}{' '}
                <span className={countClass}>{option.count}</span>
              </FilterLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

function ClearFiltersLink({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Link
      to="/resources"
      search={{}}
      resetScroll={false}
      className={cx(
        'inline-flex items-center gap-1.5 rounded-md font-medium text-accent-300 underline-offset-4 hover:underline',
        className,
      )}
    >
      {children}
    </Link>
  );
}

function EmptyState({ query }: { query: string | undefined }) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-line-strong bg-surface-raised/40 px-6 py-16 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-2xl border border-accent-400/25 bg-accent-500/10 text-accent-300">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      <h2 className="mt-5 text-lg font-semibold text-ink">No resources match</h2>
      <p className="mt-2 max-w-md text-sm leading-relaxed text-ink-muted">
        {query ? `Nothing matches “${query}” with these filters. ` : 'Nothing matches these filters. '}
        Try other words, or clear the filters to see everything.
      </p>
      <ButtonLink to="/resources" variant="secondary" className="mt-6">
        Clear filters
      </ButtonLink>
    </div>
  );
}

/* ------------------------------------------------------------------------------------------------ */

/** What is wrong with the URL's search, in words that name the parameter; undefined when it is fine. */
function describeSearchProblem(rawSearch: unknown): string | undefined {
  const result = resourcesSearchParams.safeParse(rawSearch);
  if (result.success) return undefined;
  const raw = (typeof rawSearch === 'object' && rawSearch !== null ? rawSearch : {}) as Record<string, unknown>;
  const issue = result.error.issues[0];
  const key = issue?.path[0];
  const shown = (value: unknown) => {
    const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
    return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  };
  if (key === 'q') {
    return issue?.code === 'too_big'
      ? `The search can be at most ${RESOURCE_QUERY_MAX} characters.`
      : 'The search (q) must be text.';
  }
  if (key === 'category') {
    const names = ['All', ...resourceTypes.map((type) => RESOURCE_TYPE_PLURAL[type])];
    return `There is no “${shown(raw.category)}” category. The category can be ${names.slice(0, -1).join(', ')} or ${names.at(-1)}.`;
  }
  if (key === 'price') return `The price filter can be All, Free or Paid, not “${shown(raw.price)}”.`;
  return 'These search parameters are not valid.';
}

/**
 * Invalid search parameters are an error (spec): say which one is wrong and link to the plain
 * list. Anything else (a loader that failed) gets the site's error screen.
 */
function ResourcesErrorScreen(props: ErrorComponentProps) {
  const rawSearch = useRouterState({ select: (state) => state.location.search });
  const problem = describeSearchProblem(rawSearch);
  if (!problem) return <RouteErrorScreen {...props} />;
  return (
    <section aria-labelledby="search-error-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="bg-hero-glow pointer-events-none absolute inset-0 -z-10 opacity-60" />
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 pt-20 pb-8 text-center sm:px-6 sm:pt-28">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl border border-accent-400/30 bg-accent-500/10 text-accent-300">
          <SearchX aria-hidden="true" className="size-7" />
        </span>
        <h1 id="search-error-title" className="mt-6 text-3xl font-semibold text-ink sm:text-4xl">
          We can't run this search
        </h1>
        <p
          role="alert"
          className="mt-5 w-full rounded-xl border border-line bg-surface-raised px-4 py-3 text-left text-sm leading-relaxed break-words text-ink-muted"
        >
          {problem}
        </p>
        <ButtonLink to="/resources" size="lg" className="mt-8">
          Show all resources
        </ButtonLink>
      </div>
    </section>
  );
}
