import { ButtonLink } from '../../../components/ui/Button';
import { EmptyState } from './Panel';

/** Sessions and availability arrive with 1-on-1 booking; until then they say so plainly. */
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
  return (
    <EmptyState title="Availability is for hosts">
      <p>Hosts will set their weekly hours, days off and booking rules here once 1-on-1 booking opens.</p>
    </EmptyState>
  );
}
