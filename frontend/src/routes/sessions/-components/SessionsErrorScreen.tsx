import type { ErrorComponentProps } from '@tanstack/react-router';
import { CalendarX } from 'lucide-react';
import { sessionsSearchSchema } from '@contracts/booking/booking.contract';
import { InvalidSearchScreen } from '../../../components/screens/InvalidSearchScreen';

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
