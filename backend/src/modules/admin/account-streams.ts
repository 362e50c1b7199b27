import type { EntityManager } from '@mikro-orm/postgresql';
import { TIMELINE_KINDS, type TimelineKind } from '../../../../contracts/admin/customer-account.contract';
import type { StreamKinds } from '../../events/stream-kinds';
import { type AccountStreamLink, linkKind, noLinkRef } from '../../events/account-stream-links';
import { bookingAccountLinks, hostCalendarStreamId } from '../booking';
import { checkoutAccountLinks, checkoutStreamId, freeAccessStreamId } from '../checkout';
import { courseAccountLinks, courseProgressStreamId } from '../courses';
import { creditStreamId } from '../credits';
import { deviceStreamId } from '../devices';
import { billingDetailsStreamId } from '../invoicing';
import { downloadsStreamId } from '../library';
import { licenseAccountLinks, licenseStreamId } from '../licenses';
import { customerStreamId, subscriptionAccountLinks, subscriptionStreamId } from '../subscriptions';
import { supportActionStreamId } from '../support';
import type { SupportAuditTables } from './projections/support-audit.entity';
import { unconvertedReads } from '../../platform/database/read-model-kysely';

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
 * are on (for its bookings' events only), and the support actions taken on it. Each owner answers
 * with a query; all are read in one statement. Given the account's address, the licenses it holds a
 * seat on are among them (the seat's events are on its owner's license).
 */
export async function readAccountStreams(em: EntityManager, userId: string, seatsHeldBy: string | null = null): Promise<AccountStream[]> {
  const links = await unconvertedReads<SupportAuditTables>(em)
    .selectFrom('rm_support_audit')
    .select((eb) => [linkKind(eb, 'support-action'), 'action_id as id', noLinkRef(eb)])
    .where('user_id', '=', userId)
    .$castTo<AccountStreamLink>()
    .unionAll([
      ...licenseAccountLinks(em, userId, seatsHeldBy),
      subscriptionAccountLinks(em, userId),
      ...checkoutAccountLinks(em, userId),
      ...bookingAccountLinks(em, userId),
      courseAccountLinks(em, userId),
    ])
    .execute();
  const whole = (streamId: string): AccountStream => ({ streamId, bookingId: null });
  return [
    whole(customerStreamId(userId)),
    whole(creditStreamId(userId)),
    whole(downloadsStreamId(userId)),
    whole(billingDetailsStreamId(userId)),
    ...links.flatMap((link) => streamsOf(userId, link)),
  ];
}

function streamsOf(userId: string, { kind, id, ref }: AccountStreamLink): AccountStream[] {
  const whole = (streamId: string): AccountStream[] => [{ streamId, bookingId: null }];
  switch (kind) {
    case 'license':
      return [...whole(licenseStreamId(id)), ...whole(deviceStreamId(id))];
    case 'seat':
      return whole(licenseStreamId(id));
    case 'subscription':
      return whole(subscriptionStreamId(id));
    case 'checkout':
    case 'booking-checkout':
      return whole(checkoutStreamId(id));
    case 'free':
      return whole(freeAccessStreamId(userId, id));
    case 'course':
      return whole(courseProgressStreamId(userId, id));
    case 'booking-calendar':
      return [{ streamId: hostCalendarStreamId(id), bookingId: ref }];
    case 'support-action':
      return whole(supportActionStreamId(id));
    default:
      throw new Error(`an account stream link of an unknown kind: ${kind}`);
  }
}
