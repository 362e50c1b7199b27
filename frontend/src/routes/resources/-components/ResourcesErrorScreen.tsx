import { useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import { ErrorScreenFrame } from '../../../components/screens/ErrorScreenFrame';
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
    <ErrorScreenFrame icon={<SearchX aria-hidden="true" />} tone="accent" title="We can't run this search" message={problem}>
      <ButtonLink to="/resources" size="lg" className="mt-8">
        Show all resources
      </ButtonLink>
    </ErrorScreenFrame>
  );
}
