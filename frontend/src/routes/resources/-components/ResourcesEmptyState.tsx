import { SearchX } from 'lucide-react';
import { CallToAction } from '../../../components/ui/CallToAction';

/** No resource matches the filters: say so, and offer the whole list. */
export function ResourcesEmptyState({ query }: { query: string | undefined }) {
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
      <CallToAction to="/resources" variant="secondary" className="mt-6">
        Clear filters
      </CallToAction>
    </div>
  );
}
