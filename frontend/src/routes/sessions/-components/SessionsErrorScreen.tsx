import type { ErrorComponentProps } from '@tanstack/react-router';
import { CalendarX } from 'lucide-react';
import { InvalidSearchScreen } from '../../../components/screens/InvalidSearchScreen';
import { sessionsSearchProblem } from './sessions-search';

const shown = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return text.length > 40 ? `${text.slice(0, 39)}…` : text;
};

/** What is wrong with the address's search, naming the parameter; undefined when it is fine. */
export function describeSessionsSearchProblem(raw: unknown): string | undefined {
  const problem = sessionsSearchProblem(raw);
  if (problem?.kind === 'status')
    return `There is no booking status “${shown((raw as { status: unknown }).status)}”. The status can be success, cancelled or error.`;
  return problem ? 'This address is not valid.' : undefined;
}

/** An invalid `?status=` is an error (spec): say what is wrong and link to the plain page (the server answers 400). */
export function SessionsErrorScreen(props: ErrorComponentProps) {
  return (
    <InvalidSearchScreen
      {...props}
      describe={describeSessionsSearchProblem}
      icon={<CalendarX aria-hidden="true" />}
      title="We can't open this booking page"
      way={{ to: '/sessions', label: 'See open times' }}
    />
  );
}
