import type { ErrorComponentProps } from '@tanstack/react-router';
import { SearchX } from 'lucide-react';
import { InvalidSearchScreen } from '../../../components/screens/InvalidSearchScreen';
import { describeSearchProblem } from './search-problem';

/** Invalid search parameters are an error (spec): say which one is wrong and link to the plain list. */
export function ResourcesErrorScreen(props: ErrorComponentProps) {
  return (
    <InvalidSearchScreen
      {...props}
      describe={describeSearchProblem}
      icon={<SearchX aria-hidden="true" />}
      title="We can't run this search"
      way={{ to: '/resources', label: 'Show all resources' }}
    />
  );
}
