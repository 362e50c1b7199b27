import type { Resource } from '../../../../contracts/catalog/resource';
import type { EventMetadata } from '../../events/event-metadata';
import { requestMetadata } from '../../events/metadata-for';
import type { SignedInUser } from '../auth';
import type { HostRow } from './booking.queries';

/** How long a chosen time is kept while the customer pays (Stripe's shortest checkout is 30 minutes). */
export const HOLD_MINUTES = 30;
export const HOLD_MS = HOLD_MINUTES * 60_000 + 60_000;
/** What /sessions and a reschedule list: the next four weeks (a host may open bookings further ahead). */
export const LISTED_DAYS = 28;
/** Times one customer may hold at once while paying: enough for a second thought, not to block a calendar. */
export const MAX_OPEN_HOLDS = 3;

export const sessionMinutes = (resource: Resource): number => {
  const minutes = Number(resource.metadata.sessionMinutes);
  return Number.isInteger(minutes) && minutes > 0 ? minutes : 60;
};

export const listed = (host: HostRow) => ({ ...host.schedule, horizonDays: Math.min(host.schedule.horizonDays, LISTED_DAYS) });

export function userMetadata(user: SignedInUser, correlationId: string): EventMetadata {
  return requestMetadata(correlationId, { kind: 'user', userId: user.userId });
}
