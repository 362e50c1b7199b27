import type { EndKind, Entitlement, EntitlementEnd } from '../../../../contracts/entitlements/entitlement-sources';
import type { AccessHistory, Of } from './access-events';
import { AccessLog, count, iso } from './access-log';
import { planEntitlements } from './plan-entitlements';

export { ACCESS_EVENT_TYPES, type AccessFacts, type AccessHistory, type AccessRecord, isAccessEvent } from './access-events';

const KIND_ORDER: Record<Entitlement['kind'], number> = {
  plan: 0,
  extension: 1,
  license: 2,
  seat: 3,
  included_credits: 4,
  credit_pack: 5,
  resource: 6,
  booked_session: 7,
};

/**
 * Every entitlement of an account with its source, what ends it and the events behind it, from
 * the account's events (and the read models' terms). Pure: the same history gives the same list.
 */
export function deriveEntitlementSources(history: AccessHistory): Entitlement[] {
  const log = new AccessLog(history);
  const entitlements = [...planEntitlements(log), ...seats(log), ...creditPacks(log), ...resources(log), ...bookings(log)];
  return entitlements.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.source.at.localeCompare(a.source.at));
}

/** Seats given to the account's address on other people's licenses. */
function seats(log: AccessLog): Entitlement[] {
  const email = log.history.email?.toLowerCase();
  if (!email) return [];
  const mine = (e: Of<'SeatAssigned'> | Of<'SeatRemoved'>) => e.data.email.toLowerCase() === email && e.data.ownerUserId !== log.history.userId;
  const latest = new Map<string, Of<'SeatAssigned'>>();
  for (const added of log.all('SeatAssigned').filter(mine)) latest.set(added.data.licenseId, added);
  return [...latest.values()].map((added) => {
    const { licenseId } = added.data;
    const removed = log
      .all('SeatRemoved')
      .filter(mine)
      .find((r) => r.data.licenseId === licenseId && r.position > added.position);
    const license = log.history.facts.licenses.get(licenseId);
    const ends: EntitlementEnd = removed
      ? { state: 'ended', at: removed.data.at, by: 'seat_removal', alsoEndedBy: [] }
      : license?.status === 'revoked' || license?.status === 'ended'
        ? { state: 'ended', at: license.validUntil ? iso(license.validUntil) : null, by: 'period_end', alsoEndedBy: [] }
        : {
            state: 'active',
            at: license?.validUntil ? iso(license.validUntil) : null,
            by: license?.validUntil ? 'period_end' : 'none',
            alsoEndedBy: ['seat_removal'],
          };
    return {
      id: `seat:${licenseId}`,
      kind: 'seat',
      title: added.data.planTitle,
      detail: null,
      source: log.origin(added, () => ({
        kind: 'seat',
        at: added.data.at,
        licenseId,
        ownerName: added.data.ownerName,
        ownerUserId: added.data.ownerUserId,
        planTitle: added.data.planTitle,
      })),
      ends,
      events: log.refs(removed ? [added, removed] : [added]),
    };
  });
}

function creditPacks(log: AccessLog): Entitlement[] {
  return log
    .all('AddOnCreditsAdded')
    .filter((e) => e.data.userId === log.history.userId)
    .map((added) => {
      const { packId } = added.data;
      const removed = log.all('AddOnCreditsRemoved').find((e) => e.data.packId === packId);
      const checkoutRef = packId.startsWith('checkout:') ? packId.slice('checkout:'.length) : null;
      const purchase = log.purchase(checkoutRef);
      const pack = log.history.facts.packs.get(packId);
      const source = log.origin(added, () => (purchase ? log.purchaseSource(purchase) : { kind: 'unrecorded', at: added.data.at }));
      // Only a payment can be refunded or disputed: credits support gave are ended by nothing but use.
      const alsoEndedBy: EndKind[] = source.kind === 'purchase' ? ['refund', 'dispute'] : [];
      return {
        id: `credit_pack:${packId}`,
        kind: 'credit_pack' as const,
        title: `${added.data.title}: ${count(added.data.credits)} credits`,
        detail: pack ? `${count(pack.remaining)} of ${count(pack.credits)} credits left` : null,
        source,
        ends: removed
          ? { state: 'ended' as const, at: removed.data.at, by: removed.data.reason, alsoEndedBy: [] }
          : { state: 'active' as const, at: null, by: 'none' as const, alsoEndedBy },
        events: log.refs([added, ...(removed ? [removed] : []), ...log.purchaseEvents(checkoutRef)]),
      };
    });
}

function resources(log: AccessLog): Entitlement[] {
  return log
    .all('ResourceAccessGranted')
    .filter((e) => e.data.userId === log.history.userId)
    .map((granted) => {
      const { resourceId, sourceRef, source } = granted.data;
      const revoked = log
        .all('ResourceAccessRevoked')
        .find(
          (e) => e.data.userId === log.history.userId && e.data.resourceId === resourceId && e.data.sourceRef === sourceRef && e.position > granted.position,
        );
      const purchase = source === 'purchase' ? log.purchase(sourceRef) : undefined;
      const origin = log.origin(granted, () =>
        purchase ? log.purchaseSource(purchase) : source === 'free' ? { kind: 'free', at: granted.data.at } : { kind: 'unrecorded', at: granted.data.at },
      );
      const alsoEndedBy: EndKind[] = origin.kind === 'purchase' ? ['refund', 'dispute'] : origin.kind === 'admin' ? ['revoked_by_support'] : [];
      return {
        id: `resource:${resourceId}:${sourceRef}`,
        kind: 'resource' as const,
        title: purchase?.data.title ?? log.history.facts.resourceTitles.get(resourceId) ?? resourceId,
        detail: null,
        source: origin,
        ends: revoked
          ? { state: 'ended' as const, at: revoked.data.at, by: revoked.data.reason === 'admin' ? 'revoked_by_support' : revoked.data.reason, alsoEndedBy: [] }
          : { state: 'active' as const, at: null, by: 'none' as const, alsoEndedBy },
        events: log.refs([granted, ...(revoked ? [revoked] : []), ...(source === 'purchase' ? log.purchaseEvents(sourceRef) : [])]),
      };
    });
}

function bookings(log: AccessLog): Entitlement[] {
  return log
    .all('BookingConfirmed')
    .filter((e) => e.data.customerUserId === log.history.userId)
    .map((confirmed) => {
      const { bookingId, details } = confirmed.data;
      const later = [...log.all('BookingRescheduled'), ...log.all('BookingCancelled')]
        .filter((e) => e.data.bookingId === bookingId)
        .sort((a, b) => (a.position < b.position ? -1 : 1));
      const cancelled = later.find((e): e is Of<'BookingCancelled'> => e.type === 'BookingCancelled');
      const current = later.filter((e) => e.type === 'BookingRescheduled').at(-1)?.data ?? confirmed.data;
      const purchase = log.purchase(details.checkoutRef);
      const origin = log.origin(confirmed, () =>
        purchase
          ? log.purchaseSource(purchase)
          : details.amountCents === 0
            ? { kind: 'free', at: confirmed.data.at }
            : {
                kind: 'purchase',
                at: confirmed.data.at,
                title: details.sessionTitle,
                amountCents: details.amountCents,
                currency: details.currency,
                refundedCents: 0,
                checkoutRef: details.checkoutRef,
                checkoutSessionId: null,
                paymentIntentId: confirmed.data.paymentIntentId,
                subscriptionId: null,
              },
      );
      const ends: EntitlementEnd = cancelled
        ? { state: 'ended', at: cancelled.data.at, by: cancelled.data.by === 'payment_reversed' ? 'refund' : 'cancellation', alsoEndedBy: [] }
        : {
            state: Date.parse(current.end) <= log.history.now.getTime() ? 'ended' : 'active',
            at: current.start,
            by: 'session_date',
            alsoEndedBy: ['cancellation'],
          };
      return {
        id: `booked_session:${bookingId}`,
        kind: 'booked_session' as const,
        title: details.sessionTitle,
        detail: `${details.minutes} minutes with ${details.hostName}`,
        source: origin,
        ends,
        events: log.refs([confirmed, ...later, ...log.purchaseEvents(details.checkoutRef)]),
      };
    });
}
