import type { ErrorComponentProps } from '@tanstack/react-router';
import { CalendarX } from 'lucide-react';
import { InvalidSearchScreen } from '../../../components/screens/InvalidSearchScreen';
import { describeSessionsSearchProblem } from './sessions-search';

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
