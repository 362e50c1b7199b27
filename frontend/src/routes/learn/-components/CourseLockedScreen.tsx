import { Lock } from 'lucide-react';
import { ErrorScreenFrame } from '../../../components/screens/ErrorScreenFrame';
import { ButtonLink } from '../../../components/ui/Button';

/** A course the account does not hold: why its lessons are closed, and where to get it. */
export function CourseLockedScreen({ resourceId, message }: { resourceId: string; message: string }) {
  return (
    <ErrorScreenFrame icon={<Lock aria-hidden="true" />} tone="accent" title="This course is locked" message={message}>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <ButtonLink to={`/resources/${resourceId}`} size="lg">
          See how to get it
        </ButtonLink>
        <ButtonLink to="/dashboard" search={{ section: 'resources' }} variant="secondary" size="lg">
          Your resources
        </ButtonLink>
      </div>
    </ErrorScreenFrame>
  );
}
