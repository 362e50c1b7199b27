import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import { cx } from '../../../components/ui/cx';
import type { searchDocs as SearchDocs } from './docs-search';
import { loadDocsSearch } from './load-docs-search';

/**
 * A combobox over every docs page. Without JavaScript it is a plain GET form whose results the
 * docs home renders on the server.
 */
export function DocsSearchBox({ initialQuery = '' }: { initialQuery?: string }) {
  const [query, setQuery] = useState(initialQuery);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [searchDocs, setSearchDocs] = useState<typeof SearchDocs>();
  const [loadFailed, setLoadFailed] = useState(false);
  const hits = useMemo(() => searchDocs?.(query) ?? [], [searchDocs, query]);

  const prepareSearch = () => {
    if (searchDocs) return;
    void loadDocsSearch().then(
      (module) => {
        setLoadFailed(false);
        setSearchDocs(() => module.searchDocs);
      },
      () => setLoadFailed(true),
    );
  };

  const go = (index: number) => {
    const hit = hits[index];
    if (!hit) return;
    setOpen(false);
    inputRef.current?.blur();
    void navigate({ to: hit.page.path as '/', hash: hit.anchor });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => Math.min(i + 1, hits.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => Math.max(i - 1, 0));
    } else if (event.key === 'Enter' && open && hits.length > 0) {
      event.preventDefault();
      go(active);
    } else if (event.key === 'Escape') {
      setOpen(false);
    }
  };

  const showList = open && query.trim().length >= 2;

  return (
    // The index (the largest chunk of the docs) loads when someone reaches for the box, not with
    // every page: a pointer over it or focus. Once loaded, searching needs no network.
    <form
      role="search"
      action="/obsidian-ai-plugin-docs"
      method="get"
      className="relative"
      onPointerEnter={prepareSearch}
      onSubmit={(e) => hits.length && (e.preventDefault(), go(active))}
    >
      <label htmlFor={`${listId}-input`} className="sr-only">
        Search the documentation
      </label>
      <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-subtle" />
      <input
        ref={inputRef}
        id={`${listId}-input`}
        name="q"
        type="search"
        autoComplete="off"
        placeholder="Search the docs"
        value={query}
        onChange={(e) => {
          if (loadFailed) prepareSearch();
          setQuery(e.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => {
          prepareSearch();
          setOpen(true);
        }}
        onBlur={() => setTimeout(() => setOpen(false), 120)}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && hits[active] ? `${listId}-${active}` : undefined}
        className="h-10 w-full rounded-lg border border-line-strong bg-surface-raised pr-3 pl-9 text-sm text-ink placeholder:text-ink-subtle focus:border-accent-400"
      />
      {showList ? (
        <ul
          id={listId}
          role="listbox"
          aria-label="Search results"
          className="absolute inset-x-0 top-full z-30 mt-2 max-h-96 overflow-y-auto rounded-xl border border-line-strong bg-surface-overlay p-1.5 shadow-panel"
        >
          {!searchDocs ? (
            <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2.5 text-sm text-ink-subtle">
              {loadFailed
                ? 'Search could not load. Check your connection, then type again or press Enter to search on the server.'
                : 'Loading the search index…'}
            </li>
          ) : hits.length === 0 ? (
            <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2.5 text-sm text-ink-subtle">
              No pages match “{query.trim()}”.
            </li>
          ) : (
            hits.map((hit, index) => (
              <li
                key={hit.page.slug}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => go(index)}
                onMouseEnter={() => setActive(index)}
                className={cx('cursor-pointer rounded-lg px-3 py-2.5', index === active && 'bg-accent-600/20')}
              >
                <p className="text-sm font-medium text-ink">{hit.page.title}</p>
                <p className="mt-0.5 line-clamp-2 text-xs text-ink-subtle">{hit.snippet}</p>
              </li>
            ))
          )}
        </ul>
      ) : null}
    </form>
  );
}
