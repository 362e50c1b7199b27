import type { EndKind, Entitlement, EntitlementEnd, EntitlementSourceOrigin } from '../../../../contracts/entitlements/entitlement-sources';
import type { Recorded } from '../../events/projector';
import type { RecordedEvent } from '../../events/recorded-event';
import type { BookingEvent } from '../booking';
import type { PurchaseEvent } from '../checkout';
import type { CreditEvent } from '../credits';
import type { LicenseEvent } from '../licenses';
import type { SubscriptionEvent } from '../subscriptions';
import type { SupportActionView } from './support-action-view';

type AccessEvent = LicenseEvent | PurchaseEvent | SubscriptionEvent | CreditEvent | BookingEvent;

/** The events that grant, explain or end an entitlement: the only ones the account's query reads. */
export const ACCESS_EVENT_TYPES = [
  'LicenseGranted',
  'LicenseTermChanged',
  'LicenseRevoked',
  'LicensePlanChanged',
  'LicensedUserAdded',
  'LicensedUserRemoved',
  'PurchaseCompleted',
  'PurchaseRefunded',
  'PurchaseDisputed',
  'ResourceAccessGranted',
  'ResourceAccessRevoked',
  'SubscriptionStarted',
  'SubscriptionRenewed',
  'SubscriptionPastDue',
  'SubscriptionCancellationScheduled',
  'SubscriptionCancelled',
  'SubscriptionPlanChanged',
  'AddOnCreditsAdded',
  'AddOnCreditsRemoved',
  'IncludedCreditsCycleStarted',
  'BookingConfirmed',
  'BookingRescheduled',
  'BookingCancelled',
] as const satisfies readonly AccessEvent['type'][];

export type AccessRecord = Extract<Recorded<AccessEvent>, { type: (typeof ACCESS_EVENT_TYPES)[number] }>;

const ACCESS_TYPES: ReadonlySet<string> = new Set(ACCESS_EVENT_TYPES);

/** Whether a decoded event (its data validated by its definition) is one the derivation reads. */
export function isAccessEvent(event: RecordedEvent): event is AccessRecord {
  return ACCESS_TYPES.has(event.type);
}

/** What the read models already know about terms, so the derivation never works them out again. */
export interface AccessFacts {
  subscriptions: ReadonlyMap<string, { status: 'active' | 'past_due' | 'cancelled'; currentPeriodEnd: Date; cancelAt: Date | null; cancelledAt: Date | null }>;
  licenses: ReadonlyMap<string, { status: 'active' | 'past_due' | 'ended' | 'revoked'; validUntil: Date | null }>;
  packs: ReadonlyMap<string, { credits: number; remaining: number }>;
  /** The cycle in force now, by license. */
  cycles: ReadonlyMap<string, { cycleEnd: Date; allowance: number; used: number }>;
  /** The catalog's titles: a grant names its resource by id. */
  resourceTitles: ReadonlyMap<string, string>;
}

export interface AccessHistory {
  userId: string;
  /** The account's address: a seat is given to an address, not to an account. */
  email: string | null;
  /** In log order. */
  events: readonly AccessRecord[];
  /** Support actions by the causation id that names them (`event:<position>`). */
  supportActions: ReadonlyMap<string, SupportActionView>;
  facts: AccessFacts;
  now: Date;
}

type Of<T extends AccessRecord['type']> = Extract<AccessRecord, { type: T }>;

const KIND_ORDER: Record<Entitlement['kind'], number> = {
  plan: 0,
  license: 1,
  seat: 2,
  included_credits: 3,
  credit_pack: 4,
  resource: 5,
  booked_session: 6,
};

const iso = (value: Date | string) => (typeof value === 'string' ? value : value.toISOString());
const count = (n: number) => n.toLocaleString('en-US');
const plural = (n: number, one: string, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

/**
 * Every entitlement of an account with its source, what ends it and the events behind it, from
 * the account's events (and the read models' terms). Pure: the same history gives the same list.
 */
export function deriveEntitlementSources(history: AccessHistory): Entitlement[] {
  const log = new AccessLog(history);
  const entitlements = [...log.licenses(), ...log.seats(), ...log.creditPacks(), ...log.resources(), ...log.bookings()];
  return entitlements.sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || b.source.at.localeCompare(a.source.at));
}

class AccessLog {
  private readonly byType = new Map<AccessRecord['type'], AccessRecord[]>();

  constructor(private readonly history: AccessHistory) {
    for (const event of history.events) {
      const list = this.byType.get(event.type) ?? [];
      list.push(event);
      this.byType.set(event.type, list);
    }
  }

  private all<T extends AccessRecord['type']>(type: T): Of<T>[] {
    return (this.byType.get(type) ?? []).filter((event): event is Of<T> => event.type === type);
  }

  private ref(event: { position: bigint; type: string; recordedAt: Date }) {
    return { position: event.position.toString(), type: event.type, at: event.recordedAt.toISOString() };
  }

  /** The support action that caused an event, if one did. */
  private actionBehind(event: AccessRecord): SupportActionView | null {
    const causationId = event.metadata.causationId;
    return causationId ? (this.history.supportActions.get(causationId) ?? null) : null;
  }

  private origin(event: AccessRecord, otherwise: () => EntitlementSourceOrigin): EntitlementSourceOrigin {
    const action = this.actionBehind(event);
    if (!action) return otherwise();
    return { kind: 'admin', at: action.at, actionId: action.actionId, actorId: action.actorId, actorRole: action.actorRole, reason: action.reason };
  }

  /** The events of a grant, its support action among them, in log order. */
  private refs(events: AccessRecord[]) {
    const refs = events.map((event) => this.ref(event));
    for (const event of events) {
      const action = this.actionBehind(event);
      if (action) refs.push({ position: action.position, type: 'SupportActionRecorded', at: action.at });
    }
    const unique = new Map(refs.map((r) => [r.position, r]));
    return [...unique.values()].sort((a, b) => (BigInt(a.position) < BigInt(b.position) ? -1 : 1));
  }

  private purchase(checkoutRef: string | null) {
    return checkoutRef ? this.all('PurchaseCompleted').find((p) => p.data.checkoutRef === checkoutRef) : undefined;
  }

  private purchaseEvents(checkoutRef: string | null): AccessRecord[] {
    if (!checkoutRef) return [];
    return [
      ...this.all('PurchaseCompleted').filter((e) => e.data.checkoutRef === checkoutRef),
      ...this.all('PurchaseRefunded').filter((e) => e.data.checkoutRef === checkoutRef),
      ...this.all('PurchaseDisputed').filter((e) => e.data.checkoutRef === checkoutRef),
    ];
  }

  private purchaseSource(purchase: Of<'PurchaseCompleted'>): EntitlementSourceOrigin {
    const { data } = purchase;
    return {
      kind: 'purchase',
      at: data.completedAt,
      title: data.title,
      amountCents: data.amountCents,
      currency: data.currency,
      checkoutRef: data.checkoutRef,
      checkoutSessionId: data.checkoutSessionId,
      paymentIntentId: data.paymentIntentId,
      subscriptionId: data.subscriptionId,
    };
  }

  /** A subscription's purchase: its checkout if we have it, else its first paid invoice. */
  private subscriptionSource(subscriptionId: string, grantedAt: string): EntitlementSourceOrigin {
    const checkout = this.all('PurchaseCompleted').find((p) => p.data.subscriptionId === subscriptionId);
    if (checkout) return this.purchaseSource(checkout);
    const started = this.all('SubscriptionStarted').find((s) => s.data.subscriptionId === subscriptionId);
    const invoice = this.all('SubscriptionRenewed').find((r) => r.data.subscriptionId === subscriptionId);
    if (!started && !invoice) return { kind: 'unrecorded', at: grantedAt };
    return {
      kind: 'purchase',
      at: invoice?.data.at ?? started!.data.startedAt,
      title: invoice?.data.title ?? started!.data.title,
      amountCents: invoice?.data.amountCents ?? 0,
      currency: invoice?.data.currency ?? 'usd',
      checkoutRef: null,
      checkoutSessionId: null,
      paymentIntentId: null,
      subscriptionId,
    };
  }

  private revocation(licenseId: string): EntitlementEnd | null {
    const revoked = this.all('LicenseRevoked').find((e) => e.data.licenseId === licenseId);
    if (!revoked) return null;
    const by: EndKind = revoked.data.reason === 'admin' ? 'revoked_by_support' : revoked.data.reason;
    return { state: 'ended', at: revoked.data.at, by, alsoEndedBy: [] };
  }

  private licenseEnd(granted: Of<'LicenseGranted'>): EntitlementEnd {
    const { licenseId, kind, source } = granted.data;
    const revoked = this.revocation(licenseId);
    if (revoked) return revoked;
    if (kind === 'lifetime') return { state: 'active', at: null, by: 'none', alsoEndedBy: ['refund', 'dispute'] };
    const subscription = source.subscriptionId ? this.history.facts.subscriptions.get(source.subscriptionId) : undefined;
    if (subscription) {
      if (subscription.status === 'cancelled') {
        return { state: 'ended', at: iso(subscription.cancelledAt ?? subscription.currentPeriodEnd), by: 'cancellation', alsoEndedBy: [] };
      }
      if (subscription.cancelAt) return { state: 'active', at: iso(subscription.cancelAt), by: 'cancellation', alsoEndedBy: ['refund', 'dispute'] };
      if (subscription.status === 'past_due')
        return { state: 'active', at: iso(subscription.currentPeriodEnd), by: 'payment_due', alsoEndedBy: ['cancellation'] };
      return { state: 'active', at: iso(subscription.currentPeriodEnd), by: 'renewal', alsoEndedBy: ['cancellation', 'refund', 'dispute'] };
    }
    const license = this.history.facts.licenses.get(licenseId);
    const validUntil = license?.validUntil ?? (granted.data.validUntil ? new Date(granted.data.validUntil) : null);
    if (license?.status === 'ended') return { state: 'ended', at: validUntil ? iso(validUntil) : null, by: 'period_end', alsoEndedBy: [] };
    return { state: 'active', at: validUntil ? iso(validUntil) : null, by: validUntil ? 'period_end' : 'none', alsoEndedBy: ['cancellation'] };
  }

  /** The plan or lifetime license of each license the account owns, and the credits it includes. */
  licenses(): Entitlement[] {
    const out: Entitlement[] = [];
    for (const granted of this.all('LicenseGranted').filter((g) => g.data.userId === this.history.userId)) {
      const { licenseId, kind, source } = granted.data;
      const changes = [
        ...this.all('LicenseTermChanged').filter((e) => e.data.licenseId === licenseId),
        ...this.all('LicensePlanChanged').filter((e) => e.data.licenseId === licenseId),
        ...this.all('LicenseRevoked').filter((e) => e.data.licenseId === licenseId),
      ];
      const subscriptionEvents = source.subscriptionId ? this.subscriptionEvents(source.subscriptionId) : [];
      const planChange = this.all('LicensePlanChanged')
        .filter((e) => e.data.licenseId === licenseId)
        .at(-1);
      const terms = planChange?.data ?? granted.data;
      const origin = this.origin(granted, () =>
        source.checkoutRef && this.purchase(source.checkoutRef)
          ? this.purchaseSource(this.purchase(source.checkoutRef)!)
          : source.subscriptionId
            ? this.subscriptionSource(source.subscriptionId, granted.data.grantedAt)
            : { kind: 'unrecorded', at: granted.data.grantedAt },
      );
      const ends = this.licenseEnd(granted);
      out.push({
        id: `${kind === 'subscription' ? 'plan' : 'license'}:${licenseId}`,
        kind: kind === 'subscription' ? 'plan' : 'license',
        title: origin.kind === 'purchase' ? origin.title : terms.plan,
        detail: `${plural(terms.seats, 'seat')}, ${plural(terms.devicesPerSeat, 'device')} each`,
        source: origin,
        ends,
        events: this.refs([granted, ...changes, ...subscriptionEvents, ...this.purchaseEvents(origin.kind === 'purchase' ? origin.checkoutRef : null)]),
      });
      if (terms.includedCreditsPerMonth > 0) out.push(this.includedCredits(granted, terms.plan, terms.includedCreditsPerMonth, ends, changes));
    }
    return out;
  }

  private subscriptionEvents(subscriptionId: string): AccessRecord[] {
    return [
      ...this.all('SubscriptionStarted'),
      ...this.all('SubscriptionRenewed'),
      ...this.all('SubscriptionPastDue'),
      ...this.all('SubscriptionCancellationScheduled'),
      ...this.all('SubscriptionCancelled'),
      ...this.all('SubscriptionPlanChanged'),
    ].filter((e) => e.data.subscriptionId === subscriptionId);
  }

  private includedCredits(granted: Of<'LicenseGranted'>, plan: string, perMonth: number, planEnds: EntitlementEnd, changes: AccessRecord[]): Entitlement {
    const { licenseId } = granted.data;
    const cycle = this.history.facts.cycles.get(licenseId);
    const cycles = this.all('IncludedCreditsCycleStarted').filter((e) => e.data.licenseId === licenseId);
    const ends: EntitlementEnd =
      planEnds.state === 'ended' || !cycle
        ? planEnds
        : {
            state: 'active',
            at: iso(cycle.cycleEnd),
            by: 'period_end',
            alsoEndedBy: [planEnds.by, ...planEnds.alsoEndedBy].filter((k) => k !== 'none' && k !== 'renewal'),
          };
    return {
      id: `included_credits:${licenseId}`,
      kind: 'included_credits',
      title: `${count(perMonth)} credits a month`,
      detail: cycle ? `${count(Math.max(cycle.allowance - cycle.used, 0))} of ${count(cycle.allowance)} left this cycle` : null,
      source: { kind: 'included', at: granted.data.grantedAt, licenseId, plan },
      ends,
      events: this.refs([granted, ...changes.filter((e) => e.type === 'LicensePlanChanged'), ...cycles]),
    };
  }

  /** Seats given to the account's address on other people's licenses. */
  seats(): Entitlement[] {
    const email = this.history.email?.toLowerCase();
    if (!email) return [];
    const mine = (e: Of<'LicensedUserAdded'> | Of<'LicensedUserRemoved'>) => e.data.email.toLowerCase() === email && e.data.ownerUserId !== this.history.userId;
    const latest = new Map<string, Of<'LicensedUserAdded'>>();
    for (const added of this.all('LicensedUserAdded').filter(mine)) latest.set(added.data.licenseId, added);
    return [...latest.values()].map((added) => {
      const { licenseId } = added.data;
      const removed = this.all('LicensedUserRemoved')
        .filter(mine)
        .find((r) => r.data.licenseId === licenseId && r.position > added.position);
      const license = this.history.facts.licenses.get(licenseId);
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
        source: this.origin(added, () => ({
          kind: 'seat',
          at: added.data.at,
          licenseId,
          ownerName: added.data.ownerName,
          ownerUserId: added.data.ownerUserId,
          planTitle: added.data.planTitle,
        })),
        ends,
        events: this.refs(removed ? [added, removed] : [added]),
      };
    });
  }

  creditPacks(): Entitlement[] {
    return this.all('AddOnCreditsAdded')
      .filter((e) => e.data.userId === this.history.userId)
      .map((added) => {
        const { packId } = added.data;
        const removed = this.all('AddOnCreditsRemoved').find((e) => e.data.packId === packId);
        const checkoutRef = packId.startsWith('checkout:') ? packId.slice('checkout:'.length) : null;
        const purchase = this.purchase(checkoutRef);
        const pack = this.history.facts.packs.get(packId);
        return {
          id: `credit_pack:${packId}`,
          kind: 'credit_pack' as const,
          title: `${added.data.title}: ${count(added.data.credits)} credits`,
          detail: pack ? `${count(pack.remaining)} of ${count(pack.credits)} credits left` : null,
          source: this.origin(added, () => (purchase ? this.purchaseSource(purchase) : { kind: 'unrecorded', at: added.data.at })),
          ends: removed
            ? { state: 'ended' as const, at: removed.data.at, by: removed.data.reason, alsoEndedBy: [] }
            : { state: 'active' as const, at: null, by: 'none' as const, alsoEndedBy: ['refund' as const, 'dispute' as const] },
          events: this.refs([added, ...(removed ? [removed] : []), ...this.purchaseEvents(checkoutRef)]),
        };
      });
  }

  resources(): Entitlement[] {
    return this.all('ResourceAccessGranted')
      .filter((e) => e.data.userId === this.history.userId)
      .map((granted) => {
        const { resourceId, sourceRef, source } = granted.data;
        const revoked = this.all('ResourceAccessRevoked').find(
          (e) => e.data.userId === this.history.userId && e.data.resourceId === resourceId && e.data.sourceRef === sourceRef && e.position > granted.position,
        );
        const purchase = source === 'purchase' ? this.purchase(sourceRef) : undefined;
        const origin = this.origin(granted, () =>
          purchase ? this.purchaseSource(purchase) : source === 'free' ? { kind: 'free', at: granted.data.at } : { kind: 'unrecorded', at: granted.data.at },
        );
        const alsoEndedBy: EndKind[] = origin.kind === 'purchase' ? ['refund', 'dispute'] : origin.kind === 'admin' ? ['revoked_by_support'] : [];
        return {
          id: `resource:${resourceId}:${sourceRef}`,
          kind: 'resource' as const,
          title: purchase?.data.title ?? this.history.facts.resourceTitles.get(resourceId) ?? resourceId,
          detail: null,
          source: origin,
          ends: revoked
            ? { state: 'ended' as const, at: revoked.data.at, by: revoked.data.reason, alsoEndedBy: [] }
            : { state: 'active' as const, at: null, by: 'none' as const, alsoEndedBy },
          events: this.refs([granted, ...(revoked ? [revoked] : []), ...(source === 'purchase' ? this.purchaseEvents(sourceRef) : [])]),
        };
      });
  }

  bookings(): Entitlement[] {
    return this.all('BookingConfirmed')
      .filter((e) => e.data.customerUserId === this.history.userId)
      .map((confirmed) => {
        const { bookingId, details } = confirmed.data;
        const later = [...this.all('BookingRescheduled'), ...this.all('BookingCancelled')]
          .filter((e) => e.data.bookingId === bookingId)
          .sort((a, b) => (a.position < b.position ? -1 : 1));
        const cancelled = later.find((e): e is Of<'BookingCancelled'> => e.type === 'BookingCancelled');
        const current = later.filter((e) => e.type === 'BookingRescheduled').at(-1)?.data ?? confirmed.data;
        const purchase = this.purchase(details.checkoutRef);
        const origin = this.origin(confirmed, () =>
          purchase
            ? this.purchaseSource(purchase)
            : details.amountCents === 0
              ? { kind: 'free', at: confirmed.data.at }
              : {
                  kind: 'purchase',
                  at: confirmed.data.at,
                  title: details.sessionTitle,
                  amountCents: details.amountCents,
                  currency: details.currency,
                  checkoutRef: details.checkoutRef,
                  checkoutSessionId: null,
                  paymentIntentId: confirmed.data.paymentIntentId,
                  subscriptionId: null,
                },
        );
        const ends: EntitlementEnd = cancelled
          ? { state: 'ended', at: cancelled.data.at, by: cancelled.data.by === 'payment_reversed' ? 'refund' : 'cancellation', alsoEndedBy: [] }
          : {
              state: Date.parse(current.end) <= this.history.now.getTime() ? 'ended' : 'active',
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
          events: this.refs([confirmed, ...later, ...this.purchaseEvents(details.checkoutRef)]),
        };
      });
  }
}
