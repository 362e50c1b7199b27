/** A filter link in the admin lists (categories, outcomes); the current one is marked by aria-current. */
export const FILTER_PILL =
  'rounded-full border border-line px-3 py-1 text-sm text-ink-muted aria-[current=page]:border-accent-400 aria-[current=page]:text-accent-200';
