import { TIMELINE_KINDS, type TimelineKind } from '../../../../contracts/admin/customer-account.contract';
import type { StreamKinds } from '../../events/stream-kinds';

const isTimelineKind = (label: string): label is TimelineKind => (TIMELINE_KINDS as readonly string[]).includes(label);

/** What the timeline files a stream's events under: the label its owning module registered for its kind of stream. */
export function kindOfStream(kinds: StreamKinds, streamId: string): TimelineKind | null {
  const label = kinds.of(streamId)?.label;
  return label !== undefined && isTimelineKind(label) ? label : null;
}

/**
 * The streams of one account, from its user id and the read models that link it to others:
 * its own streams (named with its id), its licenses' and their devices', its checkouts (paid,
 * pending, or for a booking), its subscriptions, and the hosts' calendars its bookings are on
 * (read for its bookings' events only: a calendar holds other customers' too), and the support
 * actions taken on it.
 */
export const ACCOUNT_STREAMS_SQL = `
  select 'customer-' || $1::text as stream_id, null::text as booking_id
  union all select 'credits-' || $1::text, null
  union all select 'librarydownloads-' || $1::text, null
  union all select 'license-' || license_id, null from rm_licenses where user_id = $1
  union all select 'license-devices-' || license_id, null from rm_licenses where user_id = $1
  union all select 'subscription-' || subscription_id, null from rm_subscriptions where user_id = $1
  union all select 'checkout-' || checkout_ref, null from rm_purchases where user_id = $1
  union all select 'checkout-' || substr(id, 4), null from rm_pending_payments where user_id = $1 and id like 'pp-%'
  union all select 'checkout-' || checkout_ref, null from rm_session_bookings where customer_user_id = $1 and checkout_ref is not null
  union all select 'freeaccess-' || $1::text || '-' || resource_id, null from rm_resource_access where user_id = $1 and source = 'free'
  union all select 'course-progress-' || resource_id || '-' || $1::text, null from rm_course_progress where user_id = $1
  union all select 'host-calendar-' || host_user_id, booking_id from rm_session_bookings where customer_user_id = $1
  union all select 'support-action-' || action_id, null from rm_support_audit where user_id = $1`;
