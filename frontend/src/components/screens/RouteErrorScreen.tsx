import { useEffect, useState } from 'react';
import { rootRouteId, useMatches, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ArrowLeft, House, RefreshCw, TriangleAlert } from 'lucide-react';
import { Button } from '../ui/Button';
import { CallToAction } from '../ui/CallToAction';
import { NavLink } from '../ui/NavLink';
import { ServerFnError } from '../../lib/server-fn-client';
import { ErrorScreenFrame } from './ErrorScreenFrame';
import { NotFoundScreen } from './NotFoundScreen';
import { RefusedPageScreen } from './RefusedPageScreen';

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

  // A 404 with a code the page did not branch on (a lesson that is not there) is the not-found page.
  if (error instanceof ServerFnError && error.status === 404) return <NotFoundScreen />;
  // A refusal (a 4xx) answers the same on a second try: its own page says what to do instead.
  if (error instanceof ServerFnError && error.status >= 400 && error.status < 500) return <RefusedPageScreen error={error} />;

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
    <ErrorScreenFrame icon={<TriangleAlert aria-hidden="true" />} title="We couldn't load this page" message={errorMessage(error)}>
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
          <CallToAction to="/" variant="secondary" size="lg">
            <House aria-hidden="true" />
            Home
          </CallToAction>
        )}
      </div>
    </ErrorScreenFrame>
  );
}
