import { useId } from 'react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, useRouterState } from '@tanstack/react-router';
import { LoaderCircle, X } from 'lucide-react';
import { ResourceCard } from '../../components/catalog/ResourceCard';
import { plural } from '../../components/catalog/resource-facts';
import { cx } from '../../components/ui/cx';
import { pageHead } from '../../lib/seo';
import { normalizeResourcesSearch, resourcesQuery } from '../../queries/catalog';
import { ResourcesEmptyState } from './-components/ResourcesEmptyState';
import { ResourcesErrorScreen } from './-components/ResourcesErrorScreen';
import { CategoryFilter, ClearFiltersLink, PriceFilterGroup } from './-components/ResourceFilters';
import { SearchForm } from './-components/SearchForm';
import { readResourcesSearch, toSearch, type Filters } from './-components/search-params';

const DESCRIPTION =
  'Templates, bundles, courses, ebooks, 1-on-1 sessions and credit packs for SystemSculpt AI: everything to get more out of AI in your Obsidian vault.';

export const Route = createFileRoute('/resources/')({
  validateSearch: readResourcesSearch,
  // Only the three filters reach the server function (its input is strict), one spelling each.
  loaderDeps: ({ search }) => normalizeResourcesSearch(search),
  loader: ({ context, deps }) => context.queryClient.ensureQueryData(resourcesQuery(deps)),
  head: (ctx) => pageHead(ctx, { title: 'Resources', description: DESCRIPTION, path: '/resources' }),
  errorComponent: ResourcesErrorScreen,
  component: ResourcesPage,
});

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
      <div aria-hidden="true" className="bg-hero-glow pointer-events-none absolute inset-x-0 top-0 -z-10 h-[28rem] opacity-70" />
      <div className="mx-auto w-full max-w-6xl px-4 pt-12 pb-4 sm:px-6 sm:pt-16 lg:px-8">
        <header className="max-w-2xl">
          <p className="text-sm font-semibold tracking-wide text-accent-300">Resources</p>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight text-ink sm:text-5xl">Resources for your vault</h1>
          <p className="mt-4 text-base leading-relaxed text-ink-muted sm:text-lg">
            Templates, bundles, courses, ebooks, 1‑on‑1 sessions and credit packs, made to get more out of SystemSculpt AI.
          </p>
        </header>

        <div className="mt-10 rounded-2xl border border-line bg-surface-raised/60 p-3 shadow-panel sm:p-4">
          <div className="flex flex-col gap-3 md:flex-row md:items-center">
            <SearchForm filters={filters} resultsId={resultsId} onSearch={(q, replace) => void setFilters({ q }, { replace })} />
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

        <div id={resultsId} aria-busy={pending || undefined} className={cx('mt-5 transition-opacity duration-200', pending && 'opacity-55')}>
          {data.resources.length === 0 ? (
            <ResourcesEmptyState query={filters.q} />
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
