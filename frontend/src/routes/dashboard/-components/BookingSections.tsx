import { AvailabilityEditor } from './AvailabilityEditor';

/** Customers' booked sessions (join, reschedule, cancel); hosts set their availability. */
export { SessionsSection } from './SessionsSection';

export function AvailabilitySection() {
  return <AvailabilityEditor />;
}
