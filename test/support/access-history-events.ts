import type { NewEvent } from '../../backend/src/events/event-registry';
import type { RecordedEvent } from '../../backend/src/events/recorded-event';
import type { AccessFacts, AccessRecord } from '../../backend/src/modules/admin/entitlement-sources';
import { deriveEntitlementSources } from '../../backend/src/modules/admin/entitlement-sources';
import type { SupportActionView } from '../../backend/src/modules/admin/support-action-view';

/** An account's access events as the log hands them back, for the entitlement-sources specs. */
export const USER = 'user_1';
export const EMAIL = 'buyer@example.com';
export type AccessNew = AccessRecord extends infer R ? (R extends RecordedEvent<infer T, infer D> ? NewEvent<T, D> : never) : never;
export type SubscriptionFacts = AccessFacts['subscriptions'] extends ReadonlyMap<string, infer V> ? V : never;

export const day = (n: number, hours = 0) => new Date(Date.UTC(2026, 0, n, 9 + hours)).toISOString();

/** Positions only go up, across the whole file, as in the log. */
let nextPosition = 0n;

/** An event as the log hands it back, at the next position. */
export function on<E extends AccessNew>(event: E, options: { causationId?: string } = {}): RecordedEvent<E['type'], E['data']> {
  nextPosition += 1n;
  return {
    ...event,
    streamId: 'stream',
    streamVersion: Number(nextPosition),
    position: nextPosition,
    transactionId: nextPosition,
    schemaVersion: 1,
    metadata: { correlationId: 'c', causationId: options.causationId ?? null, actor: { kind: 'system' } },
    recordedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, Number(nextPosition))),
  };
}

export const ref = (event: AccessRecord) => ({ position: event.position.toString(), type: event.type, at: event.recordedAt.toISOString() });

export function derive(
  events: AccessRecord[],
  facts: Partial<AccessFacts> = {},
  options: { userId?: string; email?: string; supportActions?: Map<string, SupportActionView>; now?: Date } = {},
) {
  return deriveEntitlementSources({
    userId: options.userId ?? USER,
    email: options.email ?? EMAIL,
    events,
    supportActions: options.supportActions ?? new Map(),
    facts: { subscriptions: new Map(), licenses: new Map(), packs: new Map(), cycles: new Map(), resourceTitles: new Map(), ...facts },
    now: options.now ?? new Date(day(5)),
  });
}

export function purchase(checkoutRef: string, options: { title: string; amountCents: number; mode?: 'payment' | 'subscription'; subscriptionId?: string }) {
  return on({
    type: 'PurchaseCompleted',
    data: {
      tax: null,
      discount: null,
      checkoutRef,
      checkoutSessionId: `cs_${checkoutRef}`,
      userId: USER,
      email: EMAIL,
      resourceId: 'res',
      resourceType: 'plugin',
      title: options.title,
      quantity: 1,
      amountCents: options.amountCents,
      currency: 'usd',
      mode: options.mode ?? 'payment',
      customerId: 'cus_1',
      paymentIntentId: `pi_${checkoutRef}`,
      subscriptionId: options.subscriptionId ?? null,
      completedAt: day(1),
    },
  });
}

export function licenseGranted(
  licenseId: string,
  options: { kind: 'lifetime' | 'subscription'; checkoutRef?: string | null; subscriptionId?: string; includedCreditsPerMonth?: number; validUntil?: string },
) {
  return on({
    type: 'LicenseGranted',
    data: {
      licenseId,
      userId: USER,
      email: EMAIL,
      resourceId: 'res',
      plan: 'pro',
      kind: options.kind,
      seats: 1,
      devicesPerSeat: 2,
      includedCreditsPerMonth: options.includedCreditsPerMonth ?? 0,
      keySealed: 'sealed',
      keyHash: 'hash',
      keyHint: 'AB12',
      source: { checkoutRef: options.checkoutRef ?? null, subscriptionId: options.subscriptionId ?? null },
      validUntil: options.validUntil ?? null,
      grantedAt: day(1),
    },
  });
}

export function resourceGranted(resourceId: string, source: 'purchase' | 'free', sourceRef: string, options: { causationId?: string } = {}) {
  return on({ type: 'ResourceAccessGranted', data: { userId: USER, resourceId, source, sourceRef, at: day(1) } }, options);
}

export function supportAction(): SupportActionView {
  return {
    position: '900',
    actionId: 'action-1',
    kind: 'grant_resource',
    userId: USER,
    actorId: 'admin_7',
    actorRole: 'support',
    reason: 'Course bought on the old site',
    at: day(2),
  };
}

export function bookingBase() {
  return {
    hostUserId: 'host_1',
    bookingId: 'bk-1',
    customerUserId: USER,
    details: {
      sessionTypeId: 'intro',
      sessionTitle: 'Intro call',
      minutes: 30,
      hostName: 'Hana Host',
      meetingUrl: null,
      customerEmail: EMAIL,
      customerName: 'Ada',
      customerTimeZone: 'UTC',
      checkoutRef: 'ref-b',
      amountCents: 5000,
      currency: 'usd',
    },
  };
}
