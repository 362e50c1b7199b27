import { planName } from '@contracts/catalog/plan-names';
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Search } from 'lucide-react';
import type { CustomerSearchResult } from '@contracts/admin/customer-search.contract';
import { Button } from '../../../components/ui/Button';
import { adminCustomerSearchQuery } from '../../../queries/admin';

const MAX_QUERY = 200;

/**
 * Find a customer by email, name, a pasted license key (any spelling), a Stripe id or a booking id.
 * Searches on submit, so a pasted key is looked up once; the outcome is announced politely.
 */
export function CustomerSearch() {
  const inputId = useId();
  const hintId = useId();
  const [submitted, setSubmitted] = useState('');
  const search = useQuery({ ...adminCustomerSearchQuery(submitted), enabled: submitted !== '' });
  const pending = submitted !== '' && search.isFetching;

  return (
    <section aria-labelledby={`${inputId}-heading`} className="mb-8">
      <h2 id={`${inputId}-heading`} className="text-base font-semibold text-ink">
        Find a customer
      </h2>
      <form
        role="search"
        aria-label="Customers"
        className="mt-3 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          const value = new FormData(event.currentTarget).get('query');
          setSubmitted(typeof value === 'string' ? value.trim().slice(0, MAX_QUERY) : '');
        }}
      >
        <div className="min-w-64 flex-1">
          <label htmlFor={inputId} className="block text-sm text-ink-muted">
            Email, name, license key, Stripe id or booking id
          </label>
          <input
            id={inputId}
            name="query"
            type="search"
            maxLength={MAX_QUERY}
            autoComplete="off"
            spellCheck={false}
            aria-describedby={hintId}
            className="mt-1 h-9 w-full rounded-lg border border-line-strong bg-surface px-3 text-sm text-ink focus:border-accent-400"
          />
          <p id={hintId} className="mt-1 text-xs text-ink-subtle">
            Keys match in any case, with or without dashes; Stripe ids start with cus_, cs_ or pi_.
          </p>
        </div>
        <Button type="submit" size="sm" disabled={pending} aria-busy={pending || undefined}>
          <Search aria-hidden="true" />
          {pending ? 'Searching…' : 'Search'}
        </Button>
      </form>
      <div aria-live="polite" aria-atomic="true" className="mt-4">
        {submitted === '' ? null : pending ? (
          <p className="text-sm text-ink-muted">Searching…</p>
        ) : search.isError ? (
          <p className="text-sm text-danger">The search failed. Try again.</p>
        ) : search.data && search.data.results.length === 0 ? (
          <p className="text-sm text-ink-muted">No customer matches “{submitted}”.</p>
        ) : search.data ? (
          <Results results={search.data.results} />
        ) : null}
      </div>
    </section>
  );
}

function Results({ results }: { results: CustomerSearchResult[] }) {
  return (
    <>
      <p className="text-sm text-ink-muted">
        {results.length} {results.length === 1 ? 'customer matches' : 'customers match'}.
      </p>
      <ul className="mt-2 divide-y divide-line rounded-xl border border-line" aria-label="Matching customers">
        {results.map((result) => (
          <li key={result.userId} className="flex flex-wrap items-baseline gap-x-4 gap-y-1 px-4 py-3 text-sm">
            <span className="min-w-0 font-medium wrap-anywhere text-ink">{result.name ?? result.email ?? result.userId}</span>
            {result.name && result.email ? <span className="min-w-0 wrap-anywhere text-ink-muted">{result.email}</span> : null}
            <span className="font-mono text-xs text-ink-subtle">{result.userId}</span>
            <span className="text-ink-muted">{result.plan ? planName(result.plan) : 'No plan'}</span>
            <span className="rounded-full bg-surface-raised px-2 py-0.5 text-xs text-ink-muted">Matched by {result.matched}</span>
            <Link to="/admin/customers/$userId" params={{ userId: result.userId }} className="ml-auto text-accent-300 underline-offset-2 hover:underline">
              Open account<span className="sr-only"> of {result.name ?? result.email ?? result.userId}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
