import { useEffect, useId, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { RESOURCE_QUERY_MAX } from '@contracts/catalog/catalog.contract';
import { Button } from '../../../components/ui/Button';
import type { Filters } from './search-params';

const SEARCH_DEBOUNCE_MS = 250;

/**
 * A GET form to /resources, so searching works before (or without) JavaScript; once hydrated,
 * typing updates the URL after a short pause, replacing the history entry.
 */
export function SearchForm({
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
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-ink-subtle" />
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
