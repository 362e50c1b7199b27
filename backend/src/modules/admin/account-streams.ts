import type { EntityManager } from '@mikro-orm/postgresql';
import { TIMELINE_KINDS, type TimelineKind } from '../../../../contracts/admin/customer-account.contract';
import type { StreamKinds } from '../../events/stream-kinds';
import { hostCalendarStreamId, readCustomerBookings } from '../booking';
import { checkoutStreamId, freeAccessStreamId, readAccountCheckoutRefs } from '../checkout';
import { courseProgressStreamId, readCourseIdsInProgress } from '../courses';
import { creditStreamId } from '../credits';
import { deviceStreamId } from '../devices';
import { downloadsStreamId } from '../library';
import { licenseStreamId, readAccountLicenses } from '../licenses';
import { customerStreamId, readAccountSubscriptionIds, subscriptionStreamId } from '../subscriptions';
import { supportActionStreamId } from '../support';
import { supportAuditTables } from './projections/support-audit.entity';

const isTimelineKind = (label: string): label is TimelineKind => (TIMELINE_KINDS as readonly string[]).includes(label);

/** What the timeline files a stream's events under: the label its owning module registered for its kind of stream. */
export function kindOfStream(kinds: StreamKinds, streamId: string): TimelineKind | null {
  const label = kinds.of(streamId)?.label;
  return label !== undefined && isTimelineKind(label) ? label : null;
}

/** A stream an account's events are on; a host's calendar with the booking whose events are the account's (it holds other customers' too). */
export interface AccountStream {
  streamId: string;
  bookingId: string | null;
}

/**
 * The streams of one account, from its user id and what the owning modules link to it: its own
 * streams (named with its id), its licenses' and their devices', its checkouts (paid, pending, or
 * for a booking), its free grants, its subscriptions, its courses, the hosts' calendars its bookings
 * are on (for its bookings' events only), and the support actions taken on it.
 */
export async function readAccountStreams(em: EntityManager, userId: string): Promise<AccountStream[]> {
  const [licenses, subscriptionIds, checkouts, bookings, courseIds, supportActions] = await Promise.all([
    readAccountLicenses(em, userId),
    readAccountSubscriptionIds(em, userId),
    readAccountCheckoutRefs(em, userId),
    readCustomerBookings(em, userId),
    readCourseIdsInProgress(em, userId),
    supportAuditTables(em).selectFrom('rm_support_audit').select('action_id').where('user_id', '=', userId).execute(),
  ]);
  const whole = (streamId: string): AccountStream => ({ streamId, bookingId: null });
  return [
    whole(customerStreamId(userId)),
    whole(creditStreamId(userId)),
    whole(downloadsStreamId(userId)),
    ...licenses.map((l) => whole(licenseStreamId(l.license_id))),
    ...licenses.map((l) => whole(deviceStreamId(l.license_id))),
    ...subscriptionIds.map((id) => whole(subscriptionStreamId(id))),
    ...checkouts.checkoutRefs.map((ref) => whole(checkoutStreamId(ref))),
    ...bookings.map((b) => whole(checkoutStreamId(b.checkout_ref))),
    ...checkouts.freeResourceIds.map((resourceId) => whole(freeAccessStreamId(userId, resourceId))),
    ...courseIds.map((resourceId) => whole(courseProgressStreamId(userId, resourceId))),
    ...bookings.map((b) => ({ streamId: hostCalendarStreamId(b.host_user_id), bookingId: b.booking_id })),
    ...supportActions.map((a) => whole(supportActionStreamId(a.action_id))),
  ];
}
