import { useRouterState, type ErrorComponentProps } from '@tanstack/react-router';
import { CalendarX } from 'lucide-react';
import { sessionsSearchSchema } from '@contracts/booking/sessions.contract';
import { ErrorScreenFrame } from '../../../components/screens/ErrorScreenFrame';
import { RouteErrorScreen } from '../../../components/screens/RouteErrorScreen';
import { ButtonLink } from '../../../components/ui/Button';

const shown = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

/** What is wrong with the address's search, naming the parameter; undefined when it is fine. */
export function describeSessionsSearchProblem(rawSearch: unknown): string | undefined {
  const result = sessionsSearchSchema.safeParse(rawSearch);
  if (result.success) return undefined;
  const raw = (typeof rawSearch === 'object' && rawSearch !== null ? rawSearch : {}) as Record<string, unknown>;
  const issue = result.error.issues[0];
  if (issue?.code === 'unrecognized_keys') {
    const keys = issue.keys.map((key) => `“${shown(key)}”`).join(', ');
    return `This page does not take ${issue.keys.length === 1 ? 'the parameter' : 'the parameters'} ${keys}. Its only parameter is status.`;
  }
  if (issue?.path[0] === 'status') return `There is no booking status “${shown(raw.status)}”. The status can be success, cancelled or error.`;
  return 'This address is not valid.';
}

/**
 * An invalid `?status=` is an error (spec): say what is wrong and link to the plain page (the
 * server answers 400). Anything else (a loader that failed) gets the site's error screen.
 */
export function SessionsErrorScreen(props: ErrorComponentProps) {
  const rawSearch = useRouterState({ select: (state) => state.location.search });
  const problem = describeSessionsSearchProblem(rawSearch);
  if (!problem) return <RouteErrorScreen {...props} />;
  return (
    <ErrorScreenFrame icon={<CalendarX aria-hidden="true" />} tone="accent" title="We can't open this booking page" message={problem}>
      <ButtonLink to="/sessions" size="lg" className="mt-8">
        See open times
      </ButtonLink>
    </ErrorScreenFrame>
  );
}
