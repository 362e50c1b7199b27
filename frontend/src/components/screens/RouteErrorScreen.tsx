import { useEffect, useState } from 'react';
import { rootRouteId, useMatches, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ArrowLeft, House, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button, ButtonLink } from '../ui/Button';
import { NavLink } from '../ui/NavLink';

/** A readable message for anything a loader or component threw. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'string' && error) return error;
  return 'An unexpected error occurred.';
}

/** The site's error screen for a route that failed to load or render. */
export function RouteErrorScreen({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const [retrying, setRetrying] = useState(false);
  // When only the root matched, there is no page to go "home" from: offer to go back instead.
  const noRouteMatched = useMatches({
    select: (matches) => matches.every((match) => match.routeId === rootRouteId),
  });

  useEffect(() => {
    console.error(error);
  }, [error]);

  const retry = async () => {
    setRetrying(true);
    try {
      await router.invalidate();
    } finally {
      setRetrying(false);
      reset();
    }
  };

  return (
    <section aria-labelledby="route-error-title" className="relative isolate overflow-hidden">
      <div aria-hidden="true" className="bg-hero-glow pointer-events-none absolute inset-0 -z-10 opacity-60" />
      <div className="mx-auto flex max-w-xl flex-col items-center px-4 pt-20 pb-8 text-center sm:px-6 sm:pt-28">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl border border-danger/30 bg-danger-soft text-danger">
          <TriangleAlert aria-hidden="true" className="size-7" />
        </span>
        <h1 id="route-error-title" className="mt-6 text-3xl font-semibold text-ink sm:text-4xl">
          We couldn't load this page
        </h1>
        <div
          role="alert"
          className="mt-5 w-full rounded-xl border border-line bg-surface-raised px-4 py-3 text-left text-sm leading-relaxed break-words text-ink-muted"
        >
          {errorMessage(error)}
        </div>
        <p className="mt-4 text-sm text-ink-subtle">
          This is usually temporary. Try again, and if it keeps happening,{' '}
          <NavLink href="/contact" className="font-medium text-accent-300 underline-offset-4 hover:underline">
            let us know
          </NavLink>
          .
        </p>
        <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button size="lg" onClick={() => void retry()} disabled={retrying} aria-busy={retrying || undefined}>
            <RefreshCw aria-hidden="true" className={retrying ? 'animate-spin' : undefined} />
            Try Again
          </Button>
          {noRouteMatched ? (
            <Button variant="secondary" size="lg" onClick={() => window.history.back()}>
              <ArrowLeft aria-hidden="true" />
              Go Back
            </Button>
          ) : (
            <ButtonLink to="/" variant="secondary" size="lg">
              <House aria-hidden="true" />
              Home
            </ButtonLink>
          )}
        </div>
      </div>
    </section>
  );
}
