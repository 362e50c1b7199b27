import type { ReactNode } from 'react';
import { useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { CallToAction } from '../ui/CallToAction';
import { ErrorScreenFrame } from './ErrorScreenFrame';
import { RouteErrorScreen } from './RouteErrorScreen';

/**
 * A route's error screen when its address has search parameters it cannot take (spec: an error;
 * the server answers 400): what is wrong, naming the parameter, and the way to the plain page.
 * Anything else (a loader that failed) gets the site's error screen.
 */
export function InvalidSearchScreen({
  describe,
  icon,
  title,
  way,
  ...props
}: ErrorComponentProps & { describe(rawSearch: unknown): string | undefined; icon: ReactNode; title: string; way: { to: string; label: string } }) {
  const rawSearch = useRouterState({ select: (state) => state.location.search });
  const problem = describe(rawSearch);
  if (!problem) return <RouteErrorScreen {...props} />;
  return (
    <ErrorScreenFrame icon={icon} tone="accent" title={title} message={problem}>
      <CallToAction to={way.to} size="lg" className="mt-8">
        {way.label}
      </CallToAction>
    </ErrorScreenFrame>
  );
}
