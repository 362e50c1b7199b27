import { Lock } from 'lucide-react';
import { ErrorScreenFrame } from '../../../components/screens/ErrorScreenFrame';
import { CallToAction } from '../../../components/ui/CallToAction';

/** A course the account does not hold: why its lessons are closed, and where to get it. */
export function CourseLockedScreen({ resourceId, message }: { resourceId: string; message: string }) {
  return (
    <ErrorScreenFrame icon={<Lock aria-hidden="true" />} tone="accent" title="This course is locked" message={message}>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <CallToAction to={`/resources/${resourceId}`} size="lg">
          See how to get it
        </CallToAction>
        <CallToAction to="/library" variant="secondary" size="lg">
          Your library
        </CallToAction>
      </div>
    </ErrorScreenFrame>
  );
}
