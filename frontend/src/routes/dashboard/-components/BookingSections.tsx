import { ButtonLink } from '../../../components/ui/Button';
import { AvailabilityEditor } from './AvailabilityEditor';
import { EmptyState } from './Panel';

/** Booked sessions arrive with 1-on-1 booking (until then it says so plainly); hosts set availability. */
export function SessionsSection() {
  return (
    <EmptyState title="Booking 1-on-1 sessions is coming">
      <p>Your booked sessions will be listed here, with their times, meeting links and a way to reschedule or cancel. Until booking opens, ask for a session through the contact form.</p>
      <ButtonLink to="/contact" className="mt-4" variant="secondary">
        Contact us
      </ButtonLink>
    </EmptyState>
  );
}

export function AvailabilitySection() {
  return <AvailabilityEditor />;
}
