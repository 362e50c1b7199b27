import { useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import { RouteErrorScreen } from '../../../components/screens/RouteErrorScreen';
import { ButtonLink } from '../../../components/ui/Button';
import { describeSearchProblem } from './search-params';

/**
 * Invalid search parameters are an error (spec): say which one is wrong and link to the plain
 * list. Anything else (a loader that failed) gets the site's error screen.
 */
export function ResourcesErrorScreen(props: ErrorComponentProps) {
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
